import { type Selectable, sql } from "kysely";
import type { GroupCodes } from "./db.generated.ts";
import type { Db, Trx } from "./db.ts";
import { pruneExpiredCodes } from "./links.repo.ts";

export type GroupCodeRow = Omit<Selectable<GroupCodes>, "created_at">;

/** The SQL of Telegram group bots: registration codes and the posts ledger. */
export class GroupsRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** False when the code is taken, so the caller draws another. */
  async insertCode(row: Omit<GroupCodeRow, "used_at" | "used_by">): Promise<boolean> {
    const r = await this.db
      .insertInto("group_codes")
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning("code")
      .executeTakeFirst();
    return r !== undefined;
  }

  /** The code's row, read only. */
  code(code: string): Promise<GroupCodeRow | undefined> {
    return this.db
      .selectFrom("group_codes")
      .select(["code", "chat_id", "chat_title", "expires_at", "used_at", "used_by"])
      .where("code", "=", code)
      .executeTakeFirst();
  }

  /** Locks the code's row until the transaction ends, so two redemptions cannot both win. */
  codeForUpdate(trx: Trx, code: string): Promise<GroupCodeRow | undefined> {
    return trx
      .selectFrom("group_codes")
      .select(["code", "chat_id", "chat_title", "expires_at", "used_at", "used_by"])
      .where("code", "=", code)
      .forUpdate()
      .executeTakeFirst();
  }

  async markUsed(trx: Trx, code: string, userId: string): Promise<void> {
    await trx
      .updateTable("group_codes")
      .set({ used_at: sql`now()`, used_by: userId })
      .where("code", "=", code)
      .execute();
  }

  /**
   * Claims a match for its group (one statement, no transaction held): false when it was sent
   * already (a redelivery), true when it is new or an earlier send did not finish.
   */
  async claimPost(post: { bot_id: string; listing_id: string; user_id: string }): Promise<boolean> {
    const r = await this.db
      .insertInto("group_posts")
      .values(post)
      .onConflict((oc) => oc.columns(["bot_id", "listing_id"]).doUpdateSet({ user_id: post.user_id }))
      .returning("sent_at")
      .executeTakeFirstOrThrow();
    return r.sent_at === null;
  }

  async markSent(botId: string, listingId: string): Promise<void> {
    await this.db
      .updateTable("group_posts")
      .set({ sent_at: sql`now()` })
      .where("bot_id", "=", botId)
      .where("listing_id", "=", listingId)
      .execute();
  }

  /** What a deleted user leaves here (idempotent). */
  async forget(trx: Trx, userId: string): Promise<void> {
    const t = trx;
    await t.deleteFrom("group_posts").where("user_id", "=", userId).execute();
    await t.deleteFrom("group_codes").where("used_by", "=", userId).execute();
  }

  pruneCodes(): Promise<void> {
    return pruneExpiredCodes(this.db, "group_codes");
  }
}
