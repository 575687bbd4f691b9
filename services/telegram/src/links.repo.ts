import { type Selectable, sql } from "kysely";
import type { LinkCodes, Links } from "./db.generated.ts";
import type { Db, Trx } from "./db.ts";

/** An account link; `name` is the Telegram account's first and last name. */
export type LinkRow = Selectable<Links>;
export type CodeRow = Omit<Selectable<LinkCodes>, "created_at">;

/** Drops codes that expired a day ago: they can only ever be refused. */
export async function pruneExpiredCodes(db: Db, table: "link_codes" | "group_codes"): Promise<void> {
  await db.deleteFrom(table).where("expires_at", "<", sql<Date>`now() - interval '1 day'`).execute();
}

/** The SQL of account links (groups.repo.ts has the group bots'). */
export class LinksRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** False when the code is taken, so the caller draws another. */
  async insertCode(row: Omit<CodeRow, "used_at">): Promise<boolean> {
    const r = await this.db
      .insertInto("link_codes")
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning("code")
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Locks the code's row until the transaction ends, so a code is redeemed once. */
  codeForUpdate(trx: Trx, code: string): Promise<CodeRow | undefined> {
    return trx
      .selectFrom("link_codes")
      .select(["code", "user_id", "expires_at", "used_at", "account", "locale"])
      .where("code", "=", code)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Marks an unused code used, outside a redemption (it leaked). */
  async burnCode(code: string): Promise<void> {
    await this.db
      .updateTable("link_codes")
      .set({ used_at: sql`now()` })
      .where("code", "=", code)
      .where("used_at", "is", null)
      .execute();
  }

  /**
   * Every code of the user not yet redeemed stops working (a password changed, a link undone);
   * idempotent.
   */
  async burnCodesOf(trx: Trx, userId: string): Promise<void> {
    await trx
      .updateTable("link_codes")
      .set({ used_at: sql`now()` })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
  }

  async markUsed(trx: Trx, code: string): Promise<void> {
    await trx.updateTable("link_codes").set({ used_at: sql`now()` }).where("code", "=", code).execute();
  }

  async upsertLink(trx: Trx, link: Omit<LinkRow, "linked_at">): Promise<void> {
    await trx
      .insertInto("links")
      .values(link)
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({
          chat_id: link.chat_id,
          username: link.username,
          name: link.name,
          linked_at: sql`now()`,
        }),
      )
      .execute();
  }

  /** The user's link, locked until the transaction ends (a redemption replacing it, an undo). */
  linkForUpdate(trx: Trx, userId: string): Promise<LinkRow | undefined> {
    return trx.selectFrom("links").selectAll().where("user_id", "=", userId).forUpdate().executeTakeFirst();
  }

  link(userId: string): Promise<LinkRow | undefined> {
    return this.db.selectFrom("links").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  /**
   * Everything kept about a user's account link, its undos too (user.deleted and user.claimed:
   * the chat a squatter replaced must not take the claimed account back; idempotent).
   */
  async forget(trx: Trx, userId: string): Promise<void> {
    const t = trx;
    await t.deleteFrom("links").where("user_id", "=", userId).execute();
    await t.deleteFrom("link_codes").where("user_id", "=", userId).execute();
    await t.deleteFrom("link_undos").where("user_id", "=", userId).execute();
  }

  pruneCodes(): Promise<void> {
    return pruneExpiredCodes(this.db, "link_codes");
  }
}
