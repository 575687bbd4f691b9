import { sql } from "kysely";
import type { Db, LinkButton, PushDeliveryRow, TelegramSendRow, Trx } from "../db.ts";
import type { PushMessage } from "../push/payload.ts";

// Rows per INSERT: well under PostgreSQL's 65,535 parameters.
const CHUNK = 1000;

export type ClaimedPush = PushDeliveryRow & { p256dh: string; auth: string };

export interface TelegramMessage {
  key: string;
  text: string;
  /** The first photo's address, or "". */
  photo: string;
  /** Link buttons in one row under it. */
  buttons?: LinkButton[];
}

/**
 * The two send queues: pushes (one per message and endpoint) and Telegram messages (one per
 * match or digest). Claiming moves a row's `next_at` to the end of its lease in the statement
 * that picks it (FOR UPDATE SKIP LOCKED): each row goes to one worker of one replica, and a row
 * whose worker died comes due again when the lease ends.
 */
export class DeliveriesRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** One push per (message, endpoint); a message queued twice is queued once. */
  async enqueuePush(
    trx: Trx,
    items: Array<{ userId: string; message: PushMessage; endpoints: string[] }>,
    now: Date,
  ) {
    const rows = items.flatMap(({ userId, message: m, endpoints }) => {
      const payload = JSON.stringify(m.payload);
      return endpoints.map((endpoint) => ({
        key: m.key,
        endpoint,
        user_id: userId,
        payload,
        urgency: m.urgency,
        topic: m.topic,
        ttl_seconds: m.ttlSeconds,
        next_at: now,
        created_at: now,
      }));
    });
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto("push_deliveries")
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(["key", "endpoint"]).doNothing())
        .execute();
  }

  claimPush(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPush[]> {
    return this.db
      .updateTable("push_deliveries as d")
      .from("push_subscriptions as s")
      .set({ next_at: leaseUntil, attempts: sql`d.attempts + 1` })
      .whereRef("s.endpoint", "=", "d.endpoint")
      .where("d.id", "in", (eb) =>
        eb
          .selectFrom("push_deliveries")
          .select("id")
          .where("next_at", "<=", now)
          .orderBy("next_at")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning([
        "d.id",
        "d.key",
        "d.endpoint",
        "d.user_id",
        "d.payload",
        "d.urgency",
        "d.topic",
        "d.ttl_seconds",
        "d.attempts",
        "d.next_at",
        "d.last_error",
        "d.created_at",
        "s.p256dh",
        "s.auth",
      ])
      .execute();
  }

  /** Finished pushes leave the queue; the endpoints they reached were last used now (the profile). */
  async pushDone(ids: string[], delivered: string[] = [], now = new Date()): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom("push_deliveries").where("id", "in", ids).execute();
    if (delivered.length > 0)
      await this.db
        .updateTable("push_subscriptions")
        .set({ last_used_at: now })
        .where("endpoint", "in", delivered)
        .execute();
  }

  async pushRetry(id: string, at: Date, error: string): Promise<void> {
    await this.db
      .updateTable("push_deliveries")
      .set({ next_at: at, last_error: error.slice(0, 500) })
      .where("id", "=", id)
      .execute();
  }

  async enqueueTelegram(trx: Trx, items: Array<{ userId: string; message: TelegramMessage }>, now: Date) {
    const rows = items.map(({ userId, message: m }) => ({
      key: m.key,
      user_id: userId,
      text: m.text,
      photo: m.photo,
      buttons: JSON.stringify(m.buttons ?? []),
      next_at: now,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto("telegram_sends")
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
  }

  claimTelegram(now: Date, leaseUntil: Date, limit: number): Promise<TelegramSendRow[]> {
    return this.db
      .updateTable("telegram_sends")
      .set({ next_at: leaseUntil, attempts: sql`attempts + 1` })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("telegram_sends")
          .select("id")
          .where("next_at", "<=", now)
          .orderBy("next_at")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  async telegramDone(id: string): Promise<void> {
    await this.db.deleteFrom("telegram_sends").where("id", "=", id).execute();
  }

  async telegramRetry(id: string, at: Date, error: string): Promise<void> {
    await this.db
      .updateTable("telegram_sends")
      .set({ next_at: at, last_error: error.slice(0, 500) })
      .where("id", "=", id)
      .execute();
  }
}
