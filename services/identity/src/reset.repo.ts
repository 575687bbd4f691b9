import type { AnyDb, AnyTrx } from "@dirabot/platform/db/types.ts";
import { type Generated, type Kysely, sql, type Transaction } from "kysely";

export interface ResetRow {
  id: string;
  user_id: string;
  code_hash: string;
  token_hash: string;
  tries: number;
  expires_at: Date;
}
interface ResetDb {
  reset_codes: ResetRow & { created_at: Generated<Date>; used_at: Date | null };
}

/** The only SQL of password reset codes. */
export class ResetRepo {
  readonly db: Kysely<ResetDb>;
  constructor(db: AnyDb) {
    this.db = db as Kysely<ResetDb>;
  }

  /** Issues a new code; earlier unused codes of the user stop working. */
  async issue(row: ResetRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("reset_codes")
        .set({ used_at: sql`now()` })
        .where("user_id", "=", row.user_id)
        .where("used_at", "is", null)
        .execute();
      await trx
        .insertInto("reset_codes")
        .values({ ...row, used_at: null })
        .execute();
    });
  }

  /** The user's live code: unused and unexpired. */
  live(userId: string): Promise<ResetRow | undefined> {
    return this.db
      .selectFrom("reset_codes")
      .select(["id", "user_id", "code_hash", "token_hash", "tries", "expires_at"])
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
  }

  /** Every unused code of the user stops working (an account claimed by its email's owner). */
  async endAll(trx: AnyTrx, userId: string): Promise<void> {
    await (trx as Transaction<ResetDb>)
      .updateTable("reset_codes")
      .set({ used_at: sql`now()` })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
  }

  async wrongTry(id: string): Promise<void> {
    await this.db.updateTable("reset_codes").set({ tries: sql`tries + 1` }).where("id", "=", id).execute();
  }

  async use(trx: Transaction<ResetDb>, id: string): Promise<boolean> {
    const r = await trx
      .updateTable("reset_codes")
      .set({ used_at: sql`now()` })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
