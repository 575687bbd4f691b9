import type { Locale } from "@dirabot/platform";
import type { NotificationRow, Trx } from "../db.ts";
import { type PushMessage, pushOf } from "../push/payload.ts";
import type { SubscriptionsRepo } from "../push/subscriptions.repo.ts";
import type { DeliveriesRepo, TelegramMessage } from "./deliveries.repo.ts";
import { matchTelegram } from "./texts.ts";
import type { SavedPlace } from "./user-settings.ts";

/** Where a batch of users' matches go (Fanout.reach). */
export interface Reach {
  endpoints: Map<string, string[]>;
  toTelegram: (userId: string) => boolean;
  /** The language each user's messages are written in. */
  localeOf: (userId: string) => Locale;
  /** The user's places, which a match's Telegram message measures from. */
  placesOf: (userId: string) => SavedPlace[];
  /** Whether anything goes out for this user besides the app itself. */
  wants: (userId: string) => boolean;
}

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
  async push(trx: Trx, messages: Array<{ userId: string; message: PushMessage }>, now: Date): Promise<void> {
    const endpoints = await this.#endpoints(
      trx,
      messages.map((m) => m.userId),
    );
    await this.#enqueuePush(
      trx,
      endpoints,
      messages,
      (m) => m.userId,
      (m) => m.message,
      now,
    );
  }

  /**
   * Where these users' matches can go: the browsers each subscribed, and whether Telegram is
   * wanted. A user with neither is told in the app only (the bell, the chat): nothing to read
   * or send for them.
   */
  async reach(
    trx: Trx,
    userIds: string[],
    toTelegram: (userId: string) => boolean,
    localeOf: (userId: string) => Locale = () => "en",
    placesOf: (userId: string) => SavedPlace[] = () => [],
  ): Promise<Reach> {
    const endpoints = await this.#endpoints(trx, userIds);
    return {
      endpoints,
      toTelegram,
      localeOf,
      placesOf,
      wants: (userId) => endpoints.has(userId) || toTelegram(userId),
    };
  }

  /** Matches: their pushes and, for users who want matches there, their Telegram messages. */
  async matches(trx: Trx, notes: NotificationRow[], reach: Reach, now: Date) {
    await this.#enqueuePush(
      trx,
      reach.endpoints,
      notes,
      (n) => n.user_id,
      (n) => pushOf(n, reach.localeOf(n.user_id)),
      now,
    );
    const telegram = notes
      .filter((n) => reach.toTelegram(n.user_id))
      .map((n) => ({
        userId: n.user_id,
        message: matchTelegram(n, this.#publicUrl, reach.localeOf(n.user_id), reach.placesOf(n.user_id)),
      }));
    await this.#deliveries.enqueueTelegram(trx, telegram, now);
  }

  /** A push for each item whose user has browsers; `message` is made only for those. */
  async #enqueuePush<T>(
    trx: Trx,
    endpoints: Map<string, string[]>,
    items: T[],
    userOf: (item: T) => string,
    message: (item: T) => PushMessage,
    now: Date,
  ): Promise<void> {
    const pushes = items.flatMap((item) => {
      const to = endpoints.get(userOf(item));
      return to ? [{ userId: userOf(item), message: message(item), endpoints: to }] : [];
    });
    await this.#deliveries.enqueuePush(trx, pushes, now);
  }

  async #endpoints(trx: Trx, userIds: string[]): Promise<Map<string, string[]>> {
    const endpoints = new Map<string, string[]>();
    for (const s of await this.#subs.ofUsers(trx, [...new Set(userIds)]))
      endpoints.set(s.user_id, [...(endpoints.get(s.user_id) ?? []), s.endpoint]);
    return endpoints;
  }

  async telegram(trx: Trx, userId: string, message: TelegramMessage, now: Date): Promise<void> {
    await this.#deliveries.enqueueTelegram(trx, [{ userId, message }], now);
  }
}
