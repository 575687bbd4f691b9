import { type Selectable, sql } from "kysely";
import type { ResetCodes } from "./db.generated.ts";
import type { Db, Trx } from "./db.ts";

/** A reset code as issued and checked (when it was made and used are the database's). */
export type ResetRow = Omit<Selectable<ResetCodes>, "created_at" | "used_at" | "requested_from">;

/** The only SQL of password reset codes. */
export class ResetRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Issues a new code; earlier unused codes of the user stop working. */
  async issue(row: ResetRow & { requested_from: string }): Promise<void> {
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

  /** How many codes the user was sent in the last hour: in all, and asked for from `address`. */
  async issuedLastHour(userId: string, address: string): Promise<{ all: number; fromAddress: number }> {
    const r = await this.db
      .selectFrom("reset_codes")
      .select((eb) => [
        eb.fn.countAll<number>().as("all"),
        eb.fn.countAll<number>().filterWhere("requested_from", "=", address).as("fromAddress"),
      ])
      .where("user_id", "=", userId)
      .where("created_at", ">", sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    return { all: Number(r.all), fromAddress: Number(r.fromAddress) };
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
  async endAll(trx: Trx, userId: string): Promise<void> {
    await trx
      .updateTable("reset_codes")
      .set({ used_at: sql`now()` })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
  }

  async wrongTry(id: string): Promise<void> {
    await this.db.updateTable("reset_codes").set({ tries: sql`tries + 1` }).where("id", "=", id).execute();
  }

  async use(trx: Trx, id: string): Promise<boolean> {
    const r = await trx
      .updateTable("reset_codes")
      .set({ used_at: sql`now()` })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
