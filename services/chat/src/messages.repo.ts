import { type ExpressionBuilder, type Insertable, sql } from "kysely";
import type { Messages } from "./db.generated.ts";
import type { ChatDb, Db, MessageRow, Trx } from "./db.ts";

/**
 * A message to write: `sender` and `asset` as protobuf JSON text (proto.ts). A message written
 * alone holds its own asset; only a listing's matches share a snapshot (insertAssetMany).
 */
export type NewMessage = Required<
  Omit<
    Insertable<Messages>,
    "id" | "is_read" | "starred" | "created_at" | "updated_at" | "snapshot_id" | "seq"
  >
> & { is_read?: boolean };

/**
 * A message's columns as readers see them: `asset` is the message's own, else the listing
 * snapshot its listing's matches share (0004_listing_snapshots). A scalar subquery rather than a
 * join, so that an UPDATE's RETURNING reads it the same way; built by Kysely, which qualifies the
 * table with the service's schema.
 */
const columns = (eb: ExpressionBuilder<ChatDb, "messages">) => [
  "messages.id" as const,
  "messages.chat_id" as const,
  "messages.content" as const,
  "messages.type" as const,
  "messages.sender" as const,
  "messages.is_read" as const,
  "messages.starred" as const,
  "messages.temp_id" as const,
  "messages.canonical_id" as const,
  "messages.snapshot_id" as const,
  "messages.created_at" as const,
  "messages.updated_at" as const,
  eb.fn
    .coalesce(
      "messages.asset",
      eb.selectFrom("listing_snapshots as s").select("s.asset").whereRef("s.id", "=", "messages.snapshot_id"),
    )
    .as("asset"),
];

/** The SQL of messages: inserts, pages, read and star state. */
export class MessagesRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Inserts a message; a second message of the same listing (or its duplicate: the same
   * canonical id) in the same chat is refused by the unique constraint and answers undefined.
   */
  insert(trx: Trx, m: NewMessage): Promise<MessageRow | undefined> {
    return trx
      .insertInto("messages")
      .values(m)
      .onConflict((oc) => oc.columns(["chat_id", "canonical_id"]).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * One asset message in each of many chats with one statement, all referring to one snapshot of
   * the listing written by the same statement; the unique (chat_id, canonical_id) constraint
   * refuses the chats that have the listing (or its duplicate) already. `asset` is the listing's
   * protobuf JSON text. Answers the messages written, without their asset and sender (the caller
   * has the listing).
   */
  async insertAssetMany(
    trx: Trx,
    chatIds: string[],
    m: { content: string; asset: string; canonical_id: string | null },
  ): Promise<MessageRow[]> {
    if (!chatIds.length) return [];
    const rows = await trx
      .with("snapshot", (db) => db.insertInto("listing_snapshots").values({ asset: m.asset }).returning("id"))
      .insertInto("messages")
      .columns(["chat_id", "content", "type", "sender", "temp_id", "snapshot_id", "canonical_id"])
      .expression(
        sql`SELECT c, ${m.content}, 'asset', NULL::jsonb, '', snapshot.id, ${m.canonical_id}::uuid
          FROM unnest(${chatIds}::uuid[]) AS c, snapshot`,
      )
      .onConflict((oc) => oc.columns(["chat_id", "canonical_id"]).doNothing())
      // Only what the database made: the rest is the same for every row, and given here.
      .returning(["id", "chat_id", "snapshot_id", "created_at", "updated_at"])
      .execute();
    return rows.map((r) => ({
      ...r,
      content: m.content,
      type: "asset",
      temp_id: "",
      canonical_id: m.canonical_id,
      is_read: false,
      starred: false,
      asset: null,
      sender: null,
    }));
  }

  async byIds(ids: string[]): Promise<Map<string, MessageRow>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom("messages").select(columns).where("id", "in", ids).execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** `limit` messages before the newest `offset` ones, in time order (oldest first). */
  async page(chatId: string, offset: number, limit: number): Promise<MessageRow[]> {
    const rows = await this.db
      .selectFrom("messages")
      .select(columns)
      .where("chat_id", "=", chatId)
      .orderBy("created_at", "desc")
      .orderBy("seq", "desc")
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  async count(chatId: string): Promise<number> {
    const r = await this.db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("chat_id", "=", chatId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Marks the chat's unread messages read; answers how many changed. */
  async markRead(trx: Trx, chatId: string): Promise<number> {
    const r = await trx
      .updateTable("messages")
      .set({ is_read: true, updated_at: sql`clock_timestamp()` })
      .where("chat_id", "=", chatId)
      .where("is_read", "=", false)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  toggleStar(chatId: string, messageId: string): Promise<MessageRow | undefined> {
    return this.db
      .updateTable("messages")
      .set({ starred: sql`NOT starred`, updated_at: sql`clock_timestamp()` })
      .where("chat_id", "=", chatId)
      .where("id", "=", messageId)
      .returning(columns)
      .executeTakeFirst();
  }

  starred(chatId: string): Promise<MessageRow[]> {
    return this.db
      .selectFrom("messages")
      .select(columns)
      .where("chat_id", "=", chatId)
      .where("starred", "=", true)
      .orderBy("created_at")
      .orderBy("seq")
      .execute();
  }
}
