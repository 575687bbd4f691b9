import type { AnyTrx } from "@dirabot/platform/db/types.ts";
import type { NotificationRow } from "../db.ts";
import { type PushMessage, pushOf } from "../push/payload.ts";
import type { SubscriptionsRepo } from "../push/subscriptions.repo.ts";
import type { DeliveriesRepo, TelegramMessage } from "./deliveries.repo.ts";
import { matchTelegram } from "./texts.ts";

/** Queues what goes out for notifications or digests, in the caller's transaction, in few statements. */
export class Fanout {
  readonly #subs: SubscriptionsRepo;
  readonly #deliveries: DeliveriesRepo;
  readonly #publicUrl: string;
  constructor(subs: SubscriptionsRepo, deliveries: DeliveriesRepo, publicUrl: string) {
    this.#subs = subs;
    this.#deliveries = deliveries;
    this.#publicUrl = publicUrl;
  }

  /** Each message to every browser its user subscribed. */
  async push(
    trx: AnyTrx,
    messages: Array<{ userId: string; message: PushMessage }>,
    now: Date,
  ): Promise<void> {
    const users = [...new Set(messages.map((m) => m.userId))];
    const endpoints = new Map<string, string[]>();
    for (const s of await this.#subs.ofUsers(trx, users))
      endpoints.set(s.user_id, [...(endpoints.get(s.user_id) ?? []), s.endpoint]);
    const items = messages.map((m) => ({ ...m, endpoints: endpoints.get(m.userId) ?? [] }));
    await this.#deliveries.enqueuePush(trx, items, now);
  }

  /** Matches: their pushes and, for users who want matches there, their Telegram messages. */
  async matches(trx: AnyTrx, notes: NotificationRow[], toTelegram: (userId: string) => boolean, now: Date) {
    await this.push(
      trx,
      notes.map((n) => ({ userId: n.user_id, message: pushOf(n) })),
      now,
    );
    const telegram = notes
      .filter((n) => toTelegram(n.user_id))
      .map((n) => ({ userId: n.user_id, message: matchTelegram(n, this.#publicUrl) }));
    await this.#deliveries.enqueueTelegram(trx, telegram, now);
  }

  async telegram(trx: AnyTrx, userId: string, message: TelegramMessage, now: Date): Promise<void> {
    await this.#deliveries.enqueueTelegram(trx, [{ userId, message }], now);
  }
}
