import { sql } from "kysely";
import type { ChatRow, Db, Trx } from "./db.ts";
import { MembersRepo } from "./members.repo.ts";

export interface BotFacts {
  id: string; // the chat's id: the bot's chat_id
  bot_id: string;
  bot_name: string;
  user_id: string;
  bot_updated_at: Date | null;
}

const newestFirst = sql`last_message_at DESC NULLS LAST, created_at DESC, id`;

/** What a listing's messages' event says of each chat they were written in (bumpMany). */
export type BumpedChat = Pick<
  ChatRow,
  "id" | "user_id" | "bot_id" | "bot_name" | "unread_count" | "last_message_id"
>;

/** The SQL of chats: the rows, their counters, and the tombstones of deleted ones. */
export class ChatsRepo {
  readonly db: Db;
  /** Shared bots' members of the chats (access.ts asks it who may read). */
  readonly members: MembersRepo;
  constructor(db: Db) {
    this.db = db;
    this.members = new MembersRepo(db);
  }

  get(id: string, trx: Db | Trx = this.db): Promise<ChatRow | undefined> {
    return trx.selectFrom("chats").selectAll().where("id", "=", id).executeTakeFirst();
  }

  byBot(botId: string): Promise<ChatRow | undefined> {
    return this.db.selectFrom("chats").selectAll().where("bot_id", "=", botId).executeTakeFirst();
  }

  /**
   * One user's chats and those of bots shared with them (`shared`, the chats' ids), last message
   * newest first, chats without messages last.
   */
  ofUser(userId: string, shared: string[] = []): Promise<ChatRow[]> {
    return this.db
      .selectFrom("chats")
      .selectAll()
      .where((eb) =>
        shared.length
          ? eb.or([eb("user_id", "=", userId), eb("id", "=", sql<string>`ANY(${shared}::uuid[])`)])
          : eb("user_id", "=", userId),
      )
      .orderBy(newestFirst)
      .execute();
  }

  /** Every chat, by owner, each owner's newest first (admins' grouped view). */
  all(): Promise<ChatRow[]> {
    return this.db.selectFrom("chats").selectAll().orderBy("user_id").orderBy(newestFirst).execute();
  }

  /**
   * Serialises every event about one chat: without it a match applied concurrently with
   * bot.deleted could insert the chat after the delete looked for it, bringing it back.
   */
  async lock(trx: Trx, chatId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${chatId}`}, 0))`.execute(trx);
  }

  /**
   * The per-chat locks of many chats, taken in sorted order: two transactions locking sets of
   * chats (or one chat) this way never wait on each other in a circle.
   */
  async lockMany(trx: Trx, chatIds: string[]): Promise<void> {
    const sorted = [...chatIds].sort();
    await sql`SELECT count(pg_advisory_xact_lock(hashtextextended('chat:' || c, 0)))
      FROM unnest(${sorted}::text[]) AS c`.execute(trx);
  }

  /** Those of the chats that were deleted (tombstones). */
  async deletedAmong(trx: Trx, chatIds: string[]): Promise<Set<string>> {
    // One array, not a parameter an id: a listing's ~950 chats.
    const rows = await trx
      .selectFrom("deleted_chats")
      .select("id")
      .where("id", "=", sql<string>`ANY(${chatIds}::uuid[])`)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async isDeleted(trx: Trx, chatId: string): Promise<boolean> {
    const r = await trx.selectFrom("deleted_chats").select("id").where("id", "=", chatId).executeTakeFirst();
    return r !== undefined;
  }

  /** Opens the chat, or brings its bot name up to date when these facts are newer. */
  async upsert(trx: Trx, f: BotFacts): Promise<void> {
    await trx
      .insertInto("chats")
      .values(f)
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet({
            bot_name: (eb) => eb.ref("excluded.bot_name"),
            bot_updated_at: (eb) => eb.ref("excluded.bot_updated_at"),
            updated_at: sql`now()`,
          })
          .where((eb) =>
            eb.or([
              eb("chats.bot_updated_at", "is", null),
              eb("chats.bot_updated_at", "<=", eb.ref("excluded.bot_updated_at")),
            ]),
          ),
      )
      .execute();
  }

  /** Opens the chat if it is missing (a match's facts carry no time, so they never overwrite). */
  async ensure(trx: Trx, f: Omit<BotFacts, "bot_updated_at">): Promise<void> {
    await trx
      .insertInto("chats")
      .values({ ...f, bot_updated_at: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * ensure() for many chats: one statement to find those missing, one more to open them when
   * any is. A listing's chats almost always exist (opened on bot.created), and looking 500 ids
   * up costs less than offering 500 rows to an INSERT that keeps none; the lookup answers the
   * missing ones only (almost always none), not the 500 found.
   */
  async ensureMany(trx: Trx, chats: Omit<BotFacts, "bot_updated_at">[]): Promise<void> {
    if (!chats.length) return;
    const ids = chats.map((c) => c.id);
    const absent = await trx
      // A function's one column is named after its alias: wanted.wanted.
      .selectFrom(sql<{ wanted: string }>`unnest(${ids}::uuid[])`.as("wanted"))
      .select("wanted.wanted as id")
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("chats").select("chats.id").whereRef("chats.id", "=", "wanted.wanted"))),
      )
      .execute();
    if (!absent.length) return;
    const gone = new Set(absent.map((r) => r.id));
    const missing = chats.filter((c) => gone.has(c.id));
    await trx
      .insertInto("chats")
      .values(missing.map((f) => ({ ...f, bot_updated_at: null })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * Forgets the chat, its messages and what members said of them, and remembers that it was deleted. The messages are
   * deleted here, not by a foreign key's cascade (chat 0005 dropped the key: its check cost a
   * lock on the chat row for every message written).
   */
  async remove(trx: Trx, chatId: string): Promise<void> {
    await trx
      .insertInto("deleted_chats")
      .values({ id: chatId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx.deleteFrom("messages").where("chat_id", "=", chatId).execute();
    await trx.deleteFrom("message_votes").where("chat_id", "=", chatId).execute();
    await trx.deleteFrom("read_marks").where("chat_id", "=", chatId).execute();
    await trx.deleteFrom("chats").where("id", "=", chatId).execute();
    await this.members.forgetChat(trx, chatId);
  }

  /** A new last message; `unread` adds one to the owner's unread count. */
  bump(trx: Trx, chatId: string, m: { id: string; created_at: Date }, unread: boolean): Promise<ChatRow> {
    // Two sends may commit in the other order than they inserted: the newest message stays last.
    const newer = sql<boolean>`(last_message_at IS NULL OR last_message_at <= ${m.created_at})`;
    return trx
      .updateTable("chats")
      .set({
        last_message_id: sql`CASE WHEN ${newer} THEN ${m.id}::uuid ELSE last_message_id END`,
        last_message_at: sql`GREATEST(last_message_at, ${m.created_at})`,
        unread_count: unread ? sql`unread_count + 1` : sql`unread_count`,
        updated_at: sql`now()`,
      })
      .where("id", "=", chatId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * bump() with unread, for many chats' new messages in one statement (a chat may have several);
   * answers, by id, what the messages' event says of each chat after it (not its times: parsing
   * four dates a chat was a fifth of reading a listing's ~950 rows back).
   */
  async bumpMany(
    trx: Trx,
    messages: { id: string; chat_id: string; created_at: Date }[],
  ): Promise<Map<string, BumpedChat>> {
    if (!messages.length) return new Map();
    // One row per chat: UPDATE … FROM updates a row once however many source rows match it, so a
    // batch with two messages for one chat (two listings' events applied together) must count both
    // here, and name the latest as the chat's last message.
    const pairs = sql`(SELECT chat_id, count(*)::int AS n, max(at) AS at,
        (array_agg(id ORDER BY at DESC, id DESC))[1] AS id
      FROM (SELECT unnest(${messages.map((m) => m.chat_id)}::uuid[]) AS chat_id,
        unnest(${messages.map((m) => m.id)}::uuid[]) AS id,
        unnest(${messages.map((m) => m.created_at)}::timestamptz[]) AS at) one
      GROUP BY chat_id)`;
    const rows = await trx
      .updateTable("chats")
      .from(pairs.as("m"))
      .set({
        last_message_id: sql`CASE WHEN (chats.last_message_at IS NULL OR chats.last_message_at <= m.at) THEN m.id ELSE chats.last_message_id END`,
        last_message_at: sql`GREATEST(chats.last_message_at, m.at)`,
        unread_count: sql`chats.unread_count + m.n`,
        updated_at: sql`now()`,
      })
      .where(sql<boolean>`chats.id = m.chat_id`)
      .returning([
        "chats.id",
        "chats.user_id",
        "chats.bot_id",
        "chats.bot_name",
        "chats.unread_count",
        "chats.last_message_id",
      ])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Sets the unread count 0; answers the row as it was before (undefined if gone). */
  async clearUnread(trx: Trx, chatId: string): Promise<ChatRow | undefined> {
    const before = await trx
      .selectFrom("chats")
      .selectAll()
      .where("id", "=", chatId)
      .forUpdate()
      .executeTakeFirst();
    if (before && before.unread_count !== 0)
      await trx.updateTable("chats").set({ unread_count: 0 }).where("id", "=", chatId).execute();
    return before;
  }

  toggleFavorite(chatId: string): Promise<ChatRow | undefined> {
    return this.db
      .updateTable("chats")
      .set({ favorite: sql`NOT favorite`, updated_at: sql`now()` })
      .where("id", "=", chatId)
      .returningAll()
      .executeTakeFirst();
  }
}
