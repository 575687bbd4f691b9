import { type RawBuilder, type Selectable, sql } from "kysely";
import type { Messages } from "./db.generated.ts";
import type { Db } from "./db.ts";
import { QueueRows, type SendQueue } from "./send-queue.repo.ts";

export type MessageType = "broadcast" | "direct" | "received";
export type Status = "pending" | "sent" | "failed";

/** A message as the admins' screens read it (`COLUMNS`: all but the Telegram message id). */
export type MessageRow = Omit<Selectable<Messages>, "telegram_id">;

export interface ChatRow {
  chat_id: string;
  chat_name: string;
  type: "private" | "group";
  user_id: string;
}

export interface ClaimedDelivery {
  id: number;
  message_id: string;
  chat_id: string;
  attempts: number;
  content: string;
}

export interface Counts {
  total: number;
  pending: number;
  sent: number;
  failed: number;
}

const COLUMNS = [
  "id",
  "type",
  "status",
  "content",
  "chat_id",
  "chat_name",
  "sender_name",
  "created_by",
  "error",
  "created_at",
  "sent_at",
] as const;

/** The SQL of admin messaging: messages, a broadcast's deliveries, and the chats the bot knows. */
export class MessagesRepo extends QueueRows implements SendQueue {
  readonly db: Db;
  readonly #schema: string;
  constructor(db: Db, schema: string) {
    super(db, "deliveries");
    this.db = db;
    this.#schema = schema;
  }

  #t(table: string) {
    return sql.id(this.#schema, table); // raw SQL is not schema-qualified by Kysely
  }

  /**
   * Every chat the bot knows, one row each: linked accounts' private chats, registered groups and
   * (with `received`) chats that wrote to the bot. The name: a group's title, else the account's
   * @username, else the person's name.
   */
  #known(received: boolean): RawBuilder<unknown> {
    const wrote = received
      ? sql`UNION ALL (SELECT DISTINCT ON (chat_id) chat_id, chat_name,
          CASE WHEN chat_id LIKE '-%' THEN 'group' ELSE 'private' END, '', 3
          FROM ${this.#t("messages")} WHERE type = 'received' ORDER BY chat_id, created_at DESC)`
      : sql``;
    return sql`known AS (
      SELECT chat_id, CASE WHEN username <> '' THEN '@' || username ELSE name END AS chat_name,
        'private' AS type, user_id, 1 AS pref FROM ${this.#t("links")}
      UNION ALL (SELECT DISTINCT ON (chat_id) chat_id, chat_title, 'group', '', 2
        FROM ${this.#t("group_codes")} WHERE used_at IS NOT NULL ORDER BY chat_id, used_at DESC)
      ${wrote}
    ), chats AS (
      SELECT DISTINCT ON (chat_id) chat_id, chat_name, type,
        max(user_id) OVER (PARTITION BY chat_id) AS user_id
      FROM known ORDER BY chat_id, chat_name = '', pref
    )`;
  }

  /**
   * Records a broadcast and a pending delivery for every linked account and registered group, in
   * one transaction; answers undefined (and records nothing) when there is no chat to send to.
   */
  async insertBroadcast(
    content: string,
    createdBy: string,
  ): Promise<{ row: MessageRow; total: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("messages")
        .values({
          type: "broadcast",
          content,
          chat_id: "",
          created_by: createdBy,
          telegram_id: null,
          sent_at: null,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      const r = await sql`WITH ${this.#known(false)}
        INSERT INTO ${this.#t("deliveries")} (message_id, chat_id, chat_name)
        SELECT ${row.id}::uuid, chat_id, chat_name FROM chats ORDER BY chat_id
        ON CONFLICT DO NOTHING`.execute(trx);
      const total = Number(r.numAffectedRows ?? 0);
      if (total === 0) {
        await trx.deleteFrom("messages").where("id", "=", row.id).execute();
        return undefined;
      }
      return { row, total };
    });
  }

  /** A chat the bot knows, or undefined. */
  async chat(chatId: string): Promise<ChatRow | undefined> {
    const r = await sql<ChatRow>`WITH ${this.#known(true)}
      SELECT chat_id, chat_name, type, user_id FROM chats WHERE chat_id = ${chatId}`.execute(this.db);
    return r.rows[0];
  }

  /** The known chats, the most recently active first, each with its newest message. */
  async chats(
    search: string,
    limit: number,
  ): Promise<Array<{ chat: ChatRow; last: MessageRow | undefined }>> {
    const like = `%${search.replace(/[\\%_]/g, "\\$&")}%`;
    const matching = search ? sql`c.chat_name ILIKE ${like} OR c.chat_id = ${search}` : sql`true`;
    const r = await sql<ChatRow & { last: MessageRow | null }>`WITH ${this.#known(true)}
      SELECT c.chat_id, c.chat_name, c.type, c.user_id, to_jsonb(l) AS last
      FROM chats c LEFT JOIN LATERAL (
        SELECT * FROM (${this.#conversation(sql`c.chat_id`)}) conv ORDER BY created_at DESC LIMIT 1
      ) l ON true
      WHERE ${matching}
      ORDER BY l.created_at DESC NULLS LAST, c.chat_name, c.chat_id
      LIMIT ${limit}`.execute(this.db);
    return r.rows.map(({ last, ...chat }) => ({ chat, last: last ? fromJson(last) : undefined }));
  }

  /**
   * One chat's messages (its own, and the broadcasts it was sent with this chat's delivery status
   * and time), newest first.
   */
  #conversation(chatId: RawBuilder<unknown> | string) {
    const m = this.#t("messages");
    return sql`SELECT id, type, status, content, chat_id, chat_name, sender_name, created_by, error,
        created_at, sent_at FROM ${m} WHERE chat_id = ${chatId}
      UNION ALL
      SELECT m.id, m.type, CASE d.status WHEN 'sending' THEN 'pending' ELSE d.status END, m.content,
        d.chat_id, d.chat_name, '', m.created_by, d.error, m.created_at, d.sent_at
      FROM ${this.#t("deliveries")} d JOIN ${m} m ON m.id = d.message_id WHERE d.chat_id = ${chatId}`;
  }

  async chatMessages(
    chatId: string,
    limit: number,
    skip: number,
  ): Promise<{ rows: MessageRow[]; count: number }> {
    const conv = this.#conversation(chatId);
    const [page, count] = await Promise.all([
      sql<MessageRow>`SELECT * FROM (${conv}) conv ORDER BY created_at DESC, id DESC
        LIMIT ${limit} OFFSET ${skip}`.execute(this.db),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM (${conv}) conv`.execute(this.db),
    ]);
    return { rows: page.rows, count: count.rows[0]?.n ?? 0 };
  }

  async insertDirect(m: {
    content: string;
    chatId: string;
    chatName: string;
    createdBy: string;
  }): Promise<MessageRow> {
    return this.db
      .insertInto("messages")
      .values({
        type: "direct",
        content: m.content,
        chat_id: m.chatId,
        chat_name: m.chatName,
        created_by: m.createdBy,
        telegram_id: null,
        sent_at: null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async finishDirect(
    id: string,
    outcome: { status: "sent" } | { status: "failed"; error: string },
  ): Promise<MessageRow> {
    return this.db
      .updateTable("messages")
      .set(
        outcome.status === "sent"
          ? { status: "sent", sent_at: sql<Date>`now()` }
          : { status: "failed", error: outcome.error.slice(0, 500) },
      )
      .where("id", "=", id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /** A text someone wrote to the bot; one Telegram message is stored once. */
  async insertReceived(m: {
    chatId: string;
    chatName: string;
    senderName: string;
    content: string;
    telegramId: number;
    at: Date;
  }): Promise<void> {
    await this.db
      .insertInto("messages")
      .values({
        type: "received",
        status: "sent",
        content: m.content,
        chat_id: m.chatId,
        chat_name: m.chatName,
        sender_name: m.senderName,
        telegram_id: m.telegramId,
        created_at: m.at,
        sent_at: m.at,
      })
      .onConflict((oc) => oc.constraint("messages_received_once").doNothing())
      .execute();
  }

  /** The history, newest first, and how many there are. */
  async list(
    type: MessageType | "",
    limit: number,
    skip: number,
  ): Promise<{ rows: MessageRow[]; count: number }> {
    let q = this.db.selectFrom("messages");
    if (type) q = q.where("type", "=", type);
    const [rows, count] = await Promise.all([
      q
        .select(COLUMNS)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(skip)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(count.n) };
  }

  /** The deliveries of some broadcasts by status (`sending` counts as pending). */
  async counts(messageIds: string[]): Promise<Map<string, Counts>> {
    const out = new Map<string, Counts>();
    if (messageIds.length === 0) return out;
    const rows = await this.db
      .selectFrom("deliveries")
      .select(["message_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("message_id", "in", messageIds)
      .groupBy(["message_id", "status"])
      .execute();
    for (const r of rows) {
      const c = out.get(r.message_id) ?? { total: 0, pending: 0, sent: 0, failed: 0 };
      const n = Number(r.n);
      c.total += n;
      c[r.status === "sending" ? "pending" : r.status] += n;
      out.set(r.message_id, c);
    }
    return out;
  }

  // The sender's side: claim, then sent / failed / back to pending.

  /**
   * Leases the next due delivery to a chat not in `busy` (sent to moments ago): it becomes
   * `sending` until `leaseUntil`, in the statement that picks it (FOR UPDATE SKIP LOCKED).
   */
  async claim(now: Date, leaseUntil: Date, busy: string[]): Promise<ClaimedDelivery | undefined> {
    return this.db
      .updateTable("deliveries as d")
      .from("messages as m")
      .set({ status: "sending", next_at: leaseUntil, attempts: sql`d.attempts + 1`, attempted_at: now })
      .whereRef("m.id", "=", "d.message_id")
      .where("d.id", "in", (eb) => {
        let due = eb
          .selectFrom("deliveries as due")
          .select("due.id")
          .where("due.status", "=", "pending")
          .where("due.next_at", "<=", now);
        if (busy.length) due = due.where("due.chat_id", "not in", busy);
        return due.orderBy("due.next_at").orderBy("due.id").limit(1).forUpdate().skipLocked();
      })
      .returning(["d.id", "d.message_id", "d.chat_id", "d.attempts", "m.content"])
      .executeTakeFirst();
  }

  /** Whether any delivery waits (pending or being sent). */
  async anyDue(): Promise<boolean> {
    const r = await this.db
      .selectFrom("deliveries")
      .select("id")
      .where("status", "in", ["pending", "sending"])
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }
}

/** A row read back through to_jsonb: its times are strings there. */
function fromJson(j: MessageRow): MessageRow {
  const at = (v: unknown) => (v ? new Date(v as string) : null);
  return { ...j, created_at: at(j.created_at) as Date, sent_at: at(j.sent_at) };
}
