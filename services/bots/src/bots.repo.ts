import { sql } from "kysely";
import type { BotRow, Db, Trx } from "./db.ts";

export type NewBot = Pick<BotRow, "user_id" | "bot_name" | "description" | "chat_name"> &
  Partial<
    Pick<
      BotRow,
      | "active"
      | "neighborhood_codes"
      | "price_min"
      | "price_max"
      | "min_rooms"
      | "merchant"
      | "telegram_chat_id"
      | "need_safe_room"
      | "need_parking"
      | "need_elevator"
      | "include_rooms"
      | "include_sublets"
    >
  >;
export type BotChanges = Partial<
  Omit<
    BotRow,
    | "id"
    | "user_id"
    | "chat_id"
    | "telegram_chat_id"
    | "suspended"
    | "suspension_at"
    | "created_at"
    | "updated_at"
    | "near"
    | "near_min_lat"
    | "near_max_lat"
    | "near_min_lon"
    | "near_max_lon"
  >
>;

/** A bot's posts as its answers show them: the listing ids (oldest first), the last one's time, the last 7 days' count. */
export interface BotPosts {
  ids: string[];
  lastAt: Date | null;
  week: number;
}

/** The bots table: plain reads and writes (matching lives in match.repo.ts). */
export class BotsRepo {
  readonly db: Db;
  readonly #schema: string;
  constructor(db: Db, schema = "bots") {
    this.db = db;
    this.#schema = schema;
  }

  async insert(trx: Trx, bot: NewBot): Promise<BotRow> {
    return trx.insertInto("bots").values(bot).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * How many bots the user has, after waiting for any other transaction adding one of theirs:
   * a per-user lock held to the transaction's end, so two creates cannot both see room for one.
   */
  async countOfLocked(trx: Trx, userId: string): Promise<number> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`bots:${userId}`}, 0))`.execute(trx);
    const r = await trx
      .selectFrom("bots")
      .select(sql<number>`count(*)`.as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The user's bot for a Telegram group, if there is one. */
  async forGroup(trx: Trx, userId: string, telegramChatId: string): Promise<BotRow | undefined> {
    return trx
      .selectFrom("bots")
      .selectAll()
      .where("user_id", "=", userId)
      .where("telegram_chat_id", "=", telegramChatId)
      .executeTakeFirst();
  }

  /** One bot; with a transaction it stays locked until the end (an update reads then writes). */
  async get(id: string, trx?: Trx): Promise<BotRow | undefined> {
    const q = (trx ?? this.db).selectFrom("bots").selectAll().where("id", "=", id);
    return (trx ? q.forUpdate() : q).executeTakeFirst();
  }

  /**
   * A user's bots and those shared with them (every bot when `userId` is undefined), newest first.
   */
  async list(userId: string | undefined): Promise<BotRow[]> {
    let q = this.db.selectFrom("bots").selectAll();
    if (userId !== undefined)
      q = q.where((eb) =>
        eb.or([
          eb("user_id", "=", userId),
          eb(
            "id",
            "in",
            eb
              .selectFrom("bot_members")
              .select("bot_members.bot_id")
              .where("bot_members.user_id", "=", userId),
          ),
        ]),
      );
    return q.orderBy("created_at", "desc").orderBy("id").execute();
  }

  /**
   * Each bot's posts in one query: the listing ids, oldest first, the newest post's time and how
   * many it made in the last 7 days (on the database's clock, as the posts' times are).
   */
  async postsOf(botIds: string[]): Promise<Map<string, BotPosts>> {
    const out = new Map<string, BotPosts>(botIds.map((id) => [id, { ids: [], lastAt: null, week: 0 }]));
    if (!botIds.length) return out;
    const rows = await this.db
      .selectFrom("bot_posts")
      .select([
        "bot_id",
        "listing_id",
        "created_at",
        sql<boolean>`created_at > now() - interval '7 days'`.as("this_week"),
      ])
      // One array parameter, not one per id: an admin's list of every bot may pass 65,535.
      .where(sql<boolean>`bot_id = ANY(${botIds}::uuid[])`)
      .orderBy("created_at")
      .orderBy("listing_id")
      .execute();
    for (const r of rows) {
      const posts = out.get(r.bot_id);
      if (!posts) continue;
      posts.ids.push(r.listing_id);
      posts.lastAt = r.created_at;
      if (r.this_week) posts.week++;
    }
    return out;
  }

  async update(trx: Trx, id: string, changes: BotChanges): Promise<BotRow> {
    return trx
      .updateTable("bots")
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deletes the bot and its posts (no foreign key: bots 0006); undefined when already gone. */
  async delete(trx: Trx, id: string): Promise<BotRow | undefined> {
    const row = await trx.deleteFrom("bots").where("id", "=", id).returningAll().executeTakeFirst();
    if (row) await this.#forgetPosts(trx, [row.id]);
    return row;
  }

  async deleteOfUser(trx: Trx, userId: string): Promise<BotRow[]> {
    const rows = await trx.deleteFrom("bots").where("user_id", "=", userId).returningAll().execute();
    await this.#forgetPosts(
      trx,
      rows.map((r) => r.id),
    );
    return rows;
  }

  async #forgetPosts(trx: Trx, botIds: string[]): Promise<void> {
    if (botIds.length)
      await trx.deleteFrom("bot_posts").where(sql<boolean>`bot_id = ANY(${botIds}::uuid[])`).execute();
  }

  async hasBots(trx: Trx, userId: string): Promise<boolean> {
    const r = await trx
      .selectFrom("bots")
      .select("id")
      .where("user_id", "=", userId)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  /**
   * Suspends a user's bots (their owner was banned) or lifts it, as of identity's decision at
   * `at`: an older decision arriving late changes nothing. Answers how many bots changed.
   */
  async suspendOf(trx: Trx, userId: string, suspended: boolean, at: Date): Promise<number> {
    const r = await trx
      .updateTable("bots")
      .set({ suspended, suspension_at: at })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("suspension_at", "is", null), eb("suspension_at", "<=", at)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Every neighbourhood code some active bot of an owner in good standing watches, ascending. */
  async watchedAreas(): Promise<number[]> {
    const r = await sql<{ code: number }>`SELECT DISTINCT unnest(neighborhood_codes) AS code
      FROM ${sql.id(this.#schema, "bots")} WHERE active AND NOT suspended ORDER BY code`.execute(this.db);
    return r.rows.map((x) => x.code);
  }

  /** How many bots (a user's, or all) and how many of them were created in the last 24 hours. */
  async count(userId: string | undefined): Promise<{ count: number; createdLastDay: number }> {
    let q = this.db
      .selectFrom("bots")
      .select([
        sql<number>`count(*)`.as("count"),
        sql<number>`count(*) FILTER (WHERE created_at > now() - interval '1 day')`.as("day"),
      ]);
    if (userId !== undefined) q = q.where("user_id", "=", userId);
    const r = await q.executeTakeFirstOrThrow();
    return { count: Number(r.count), createdLastDay: Number(r.day) };
  }
}
