import { sql, type UpdateObject } from "kysely";
import type { Db, TelegramDb } from "./db.ts";

/** One text claimed for one chat, and how many tries it has had (this one included). */
export interface Claimed {
  id: number;
  chat_id: string;
  attempts: number;
  content: string;
}

/** What the sender (broadcast-sender.ts) needs of a queue: a broadcast's deliveries, or notices. */
export interface SendQueue {
  /** Leases the next due row to a chat not in `busy`, in the statement that picks it. */
  claim(now: Date, leaseUntil: Date, busy: string[]): Promise<Claimed | undefined>;
  lastAttempt(): Promise<Date | undefined>;
  delivered(id: number): Promise<void>;
  undelivered(id: number, error: string): Promise<void>;
  later(id: number, at: Date, error: string, free: boolean): Promise<void>;
  abandonStale(now: Date, reason: string): Promise<number>;
}

/**
 * The bookkeeping every queue table shares (`status`, `attempts`, `next_at`, `attempted_at`,
 * `error`, `sent_at`): answered, refused, later, and sends a stopped sender left undecided.
 */
export class QueueRows {
  // Both queue tables have these columns: Kysely types a union of tables by what they share.
  readonly #db: Db;
  readonly #table: "deliveries" | "notices";
  constructor(db: Db, table: "deliveries" | "notices") {
    this.#db = db;
    this.#table = table;
  }

  /** When the latest send of the queue started (by the sender's clock), if any did. */
  async lastAttempt(): Promise<Date | undefined> {
    const r = await this.#db
      .selectFrom(this.#table)
      .select((eb) => eb.fn.max("attempted_at").as("last"))
      .executeTakeFirst();
    return r?.last ? new Date(r.last) : undefined;
  }

  async delivered(id: number): Promise<void> {
    await this.#set(id, { status: "sent", sent_at: sql<Date>`now()`, error: "" });
  }

  async undelivered(id: number, error: string): Promise<void> {
    await this.#set(id, { status: "failed", error: error.slice(0, 500) });
  }

  /** Back to pending, due at `at`; a 429 does not count as a try (`free`). */
  async later(id: number, at: Date, error: string, free: boolean): Promise<void> {
    await this.#set(id, {
      status: "pending",
      next_at: at,
      error: error.slice(0, 500),
      ...(free ? { attempts: sql<number>`attempts - 1` } : {}),
    });
  }

  /**
   * Rows whose sender stopped during the send (the lease ran out while `sending`): whether
   * Telegram delivered them cannot be known, and sending again could send twice, so they fail
   * with that reason. Answers how many.
   */
  async abandonStale(now: Date, reason: string): Promise<number> {
    const r = await this.#db
      .updateTable(this.#table)
      .set({ status: "failed", error: reason })
      .where("status", "=", "sending")
      .where("next_at", "<=", now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async #set(id: number, values: UpdateObject<TelegramDb, "deliveries" | "notices">): Promise<void> {
    await this.#db.updateTable(this.#table).set(values).where("id", "=", id).execute();
  }
}
