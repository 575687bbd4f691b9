import { sql } from "kysely";
import type { Db, Trx } from "./db.ts";
import { type Claimed, QueueRows, type SendQueue } from "./send-queue.repo.ts";

/**
 * The bot's own messages to a chat about its link (replaced, a password changed): queued in the
 * transaction that decides them, sent by the sender with back-off, never twice.
 */
export class NoticesRepo extends QueueRows implements SendQueue {
  readonly db: Db;
  constructor(db: Db) {
    super(db, "notices");
    this.db = db;
  }

  /** Queues a text to a chat in the caller's transaction (the sender is kicked after commit). */
  async enqueue(trx: Trx, chatId: string, content: string): Promise<void> {
    await trx
      .insertInto("notices")
      .values({ chat_id: chatId, content, attempted_at: null, sent_at: null })
      .execute();
  }

  claim(now: Date, leaseUntil: Date, busy: string[]): Promise<Claimed | undefined> {
    return this.db
      .updateTable("notices")
      .set({ status: "sending", next_at: leaseUntil, attempts: sql`attempts + 1`, attempted_at: now })
      .where("id", "in", (eb) => {
        let due = eb
          .selectFrom("notices as due")
          .select("due.id")
          .where("due.status", "=", "pending")
          .where("due.next_at", "<=", now);
        if (busy.length) due = due.where("due.chat_id", "not in", busy);
        return due.orderBy("due.next_at").orderBy("due.id").limit(1).forUpdate().skipLocked();
      })
      .returning(["id", "chat_id", "attempts", "content"])
      .executeTakeFirst();
  }
}
