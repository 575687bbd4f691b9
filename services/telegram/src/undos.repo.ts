import { sql } from "kysely";
import type { Trx } from "./db.ts";

/** What an undo restores: the chat a new link replaced, as it was linked. */
export interface UndoRow {
  code: string;
  user_id: string;
  chat_id: string;
  username: string;
  name: string;
  expires_at: Date;
  used_at: Date | null;
}

/** The SQL of link undos (links.repo.ts has the links'). */
export class UndosRepo {
  /** Records an undo; false when the code is taken, so the caller draws another. */
  async insert(trx: Trx, row: Omit<UndoRow, "used_at">): Promise<boolean> {
    const r = await trx
      .insertInto("link_undos")
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning("code")
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Locks the undo's row until the transaction ends, so it is used once. */
  forUpdate(trx: Trx, code: string): Promise<UndoRow | undefined> {
    return trx
      .selectFrom("link_undos")
      .select(["code", "user_id", "chat_id", "username", "name", "expires_at", "used_at"])
      .where("code", "=", code)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Every undo of the user still open is used up with this one: a chat the restored one replaced
   * must not take the account back in turn.
   */
  async useAll(trx: Trx, userId: string): Promise<void> {
    await trx
      .updateTable("link_undos")
      .set({ used_at: sql`now()` })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
  }

  /** Drops undos a week past their day: they can only ever be refused. */
  async prune(trx: Trx): Promise<void> {
    await trx
      .deleteFrom("link_undos")
      .where("expires_at", "<", sql<Date>`now() - interval '7 days'`)
      .execute();
  }
}
