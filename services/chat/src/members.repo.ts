import { sql } from "kysely";
import type { Db, Trx } from "./db.ts";

/** A member of a shared bot's chat and their own unread count there. */
export interface ChatMember {
  user_id: string;
  unread_count: number;
}

/**
 * Shared bots' members as the chat service keeps them (chat 0007), their unread counts and
 * their stars. Only `active` rows are members; the others remember a removal's time.
 */
export class MembersRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Records that the person joined (active) or left the chat as of `at`; an older decision than
   * the one recorded changes nothing (events on two subjects may come in either order).
   */
  async apply(trx: Trx, chatId: string, userId: string, active: boolean, at: Date): Promise<void> {
    await trx
      .insertInto("chat_members")
      .values({ chat_id: chatId, user_id: userId, active, at })
      .onConflict((oc) =>
        oc
          .columns(["chat_id", "user_id"])
          .doUpdateSet({
            active: (eb) => eb.ref("excluded.active"),
            at: (eb) => eb.ref("excluded.at"),
            unread_count: 0,
          })
          .where("chat_members.at", "<", (eb) => eb.ref("excluded.at")),
      )
      .execute();
    if (!active)
      await trx
        .deleteFrom("member_stars")
        .where("chat_id", "=", chatId)
        .where("user_id", "=", userId)
        .execute();
  }

  async isMember(chatId: string, userId: string, trx: Db | Trx = this.db): Promise<boolean> {
    const r = await trx
      .selectFrom("chat_members")
      .select("user_id")
      .where("chat_id", "=", chatId)
      .where("user_id", "=", userId)
      .where("active", "=", true)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Each chat's members, in the order they came. */
  async of(chatIds: string[], trx: Db | Trx = this.db): Promise<Map<string, ChatMember[]>> {
    const out = new Map<string, ChatMember[]>();
    if (!chatIds.length) return out;
    const rows = await trx
      .selectFrom("chat_members")
      .select(["chat_id", "user_id", "unread_count"])
      .where(sql<boolean>`chat_id = ANY(${chatIds}::uuid[])`)
      .where("active", "=", true)
      .orderBy("at")
      .orderBy("user_id")
      .execute();
    for (const r of rows) {
      const list = out.get(r.chat_id) ?? [];
      list.push({ user_id: r.user_id, unread_count: r.unread_count });
      out.set(r.chat_id, list);
    }
    return out;
  }

  /** The chats a person is a member of, with their unread count in each. */
  async chatsOf(userId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom("chat_members")
      .select(["chat_id", "unread_count"])
      .where("user_id", "=", userId)
      .where("active", "=", true)
      .execute();
    return new Map(rows.map((r) => [r.chat_id, r.unread_count]));
  }

  /**
   * Adds each chat's new messages to its members' unread counts (but for `except`, who wrote
   * them); answers each chat's members after it. Chats nobody shares cost one index lookup.
   */
  async bump(trx: Trx, counts: Map<string, number>, except = ""): Promise<Map<string, ChatMember[]>> {
    const out = new Map<string, ChatMember[]>();
    if (!counts.size) return out;
    const rows = await trx
      .updateTable("chat_members")
      .from(
        sql`(SELECT unnest(${[...counts.keys()]}::uuid[]) AS chat_id, unnest(${[...counts.values()]}::int[]) AS n)`.as(
          "c",
        ),
      )
      .set({
        unread_count: sql`chat_members.unread_count + CASE WHEN chat_members.user_id = ${except} THEN 0 ELSE c.n END`,
      })
      .where(sql<boolean>`chat_members.chat_id = c.chat_id AND chat_members.active`)
      .returning(["chat_members.chat_id", "chat_members.user_id", "chat_members.unread_count"])
      .execute();
    for (const r of rows) {
      if (r.user_id === except) continue;
      const list = out.get(r.chat_id) ?? [];
      list.push({ user_id: r.user_id, unread_count: r.unread_count });
      out.set(r.chat_id, list);
    }
    return out;
  }

  /** Sets the member's unread count 0; answers what it was. */
  async clearUnread(trx: Trx, chatId: string, userId: string): Promise<number> {
    const before = await trx
      .selectFrom("chat_members")
      .select("unread_count")
      .where("chat_id", "=", chatId)
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (before?.unread_count)
      await trx
        .updateTable("chat_members")
        .set({ unread_count: 0 })
        .where("chat_id", "=", chatId)
        .where("user_id", "=", userId)
        .execute();
    return before?.unread_count ?? 0;
  }

  /** Stars or unstars the message for the member alone; answers whether it is starred now. */
  async toggleStar(chatId: string, messageId: string, userId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom("member_stars")
        .where("message_id", "=", messageId)
        .where("user_id", "=", userId)
        .returning("message_id")
        .executeTakeFirst();
      if (gone) return false;
      await trx
        .insertInto("member_stars")
        .values({ chat_id: chatId, message_id: messageId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return true;
    });
  }

  /** The ids of the chat's messages the member starred. */
  async starredIds(chatId: string, userId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom("member_stars")
      .select("message_id")
      .where("chat_id", "=", chatId)
      .where("user_id", "=", userId)
      .execute();
    return new Set(rows.map((r) => r.message_id));
  }

  /** A deleted chat's members and stars go with it. */
  async forgetChat(trx: Trx, chatId: string): Promise<void> {
    await trx.deleteFrom("member_stars").where("chat_id", "=", chatId).execute();
    await trx.deleteFrom("chat_members").where("chat_id", "=", chatId).execute();
  }
}
