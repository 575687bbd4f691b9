import type { Client } from "@connectrpc/connect";
import type { Logger } from "@dirabot/platform";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { DispatchRow, NotificationRow, Trx } from "../db.ts";
import type { NotificationsRepo } from "../notifications.repo.ts";
import { backoffMs, MAX_ATTEMPTS } from "./backoff.ts";
import type { DispatchesRepo } from "./dispatches.repo.ts";
import { Drainer } from "./drainer.ts";
import type { Fanout } from "./fanout.ts";
import type { WorkerTiming } from "./push-worker.ts";
import { quietUntil } from "./quiet-hours.ts";
import { digestPush, digestTelegram } from "./texts.ts";
import { type DeliverySettings, deliverySettings, type Known, settingsOf } from "./user-settings.ts";

export interface DispatcherDeps extends WorkerTiming {
  dispatches: DispatchesRepo;
  notifications: NotificationsRepo;
  fanout: Fanout;
  identity: Client<typeof IdentityService>;
  publicUrl: string;
  log: Logger;
  /** After a commit that queued sends. */
  queued(): void;
}

const BATCH = 100; // matches decided together: one listing may match hundreds of users at once

/**
 * A match's delivery decision, which needs the user's settings from identity (a remote call, so
 * here and not in the event's transaction): inside quiet hours it is held until they end, with
 * any other held match of the user; at the end every held match goes out as one digest (push and
 * Telegram), never dropped; otherwise the match goes out at once, to Telegram too when the user
 * asked for it (an unlinked account ends that send at the telegram service). Matches are decided
 * in batches: one identity call for the batch's users, and its sends queued in one transaction.
 */
export class Dispatcher {
  readonly drainer: Drainer<DispatchRow[]>;
  readonly #d: DispatcherDeps;

  constructor(d: DispatcherDeps) {
    this.#d = d;
    this.drainer = new Drainer({
      name: "matches",
      claim: async () => {
        const now = d.now();
        const rows = await d.dispatches.claim(now, new Date(now.getTime() + 30_000), BATCH);
        return rows.length > 0 ? [rows] : [];
      },
      handle: (rows) => this.#decide(rows),
      concurrency: 4,
      // One listing matches many users at once: their events arrive as a burst, decided together.
      gatherMs: 10,
      pollMs: d.pollMs,
      log: d.log,
    });
  }

  async #decide(rows: DispatchRow[]): Promise<void> {
    const d = this.#d;
    const known = await settingsOf(d.identity, [...new Set(rows.map((r) => r.user_id))], d.log);
    const now = d.now();
    const fresh: DispatchRow[] = [];
    const released = new Set<string>();
    for (const row of rows) {
      let s = known.get(row.user_id) ?? "unknown";
      if (s === "gone") {
        await d.dispatches.drop(row.user_id); // deleted meanwhile
        continue;
      }
      if (s === "unknown") {
        // Identity away for long: the match goes as a plain push rather than never.
        if (row.attempts < MAX_ATTEMPTS) {
          await d.dispatches.retry(row.notification_id, new Date(now.getTime() + backoffMs(row.attempts)));
          continue;
        }
        s = deliverySettings(undefined);
      }
      const until = quietUntil(s.quietHours, now);
      if (until) await d.dispatches.hold(row.user_id, row.notification_id, until);
      else if (!row.release_at) fresh.push(row);
      else if (!released.has(row.user_id)) {
        released.add(row.user_id);
        await this.#release(row.user_id, s, now);
      }
    }
    if (fresh.length > 0) await this.#send(fresh, known, now);
    d.queued();
  }

  /** Fresh matches outside quiet hours: queued in one transaction, each only once. */
  async #send(rows: DispatchRow[], known: Map<string, Known>, now: Date): Promise<void> {
    const d = this.#d;
    await d.dispatches.db.transaction().execute(async (trx) => {
      const taken = new Set(
        await d.dispatches.take(
          trx,
          rows.map((r) => r.notification_id),
        ),
      );
      // Only the notifications that go somewhere are read back.
      await sendMatchesNow(trx, d, rows, known, now, (wanted) =>
        d.notifications.byIds(
          trx,
          wanted.filter((r) => taken.has(r.notification_id)).map((r) => r.notification_id),
        ),
      );
    });
  }

  /** Every held match of the user: one alone goes as itself, more as one digest. */
  async #release(userId: string, s: DeliverySettings, now: Date): Promise<void> {
    const d = this.#d;
    await d.dispatches.db.transaction().execute(async (trx) => {
      const notes = await d.notifications.byIds(trx, await d.dispatches.takeHeld(trx, userId));
      if (notes.length <= 1) {
        const reach = await d.fanout.reach(
          trx,
          [userId],
          () => s.telegramMatches,
          () => s.locale,
        );
        return d.fanout.matches(trx, notes, reach, now);
      }
      await d.fanout.push(trx, [{ userId, message: digestPush(notes, s.locale) }], now);
      if (s.telegramMatches)
        await d.fanout.telegram(trx, userId, digestTelegram(notes, d.publicUrl, s.locale), now);
    });
  }
}

/** Whether a user's matches go to Telegram too, by the settings known of them. */
const wantsTelegram =
  (known: Map<string, Known>) =>
  (userId: string): boolean => {
    const s = known.get(userId);
    return typeof s === "object" && s.telegramMatches;
  };

/**
 * Matches that go out now, queued in the caller's transaction: each one's pushes and, for users
 * who want matches there, its Telegram message (`notesOf` gives the notifications of the matches
 * that go somewhere: a user with no subscribed browser and Telegram off is told by the app alone).
 * Then what was held for these users comes due: their quiet hours were shortened or turned off
 * meanwhile. The dispatcher's path and the one where matches are written (events.ts) share it.
 */
export async function sendMatchesNow<R extends { user_id: string }>(
  trx: Trx,
  d: { fanout: Fanout; dispatches: DispatchesRepo },
  rows: R[],
  known: Map<string, Known>,
  now: Date,
  notesOf: (wanted: R[]) => Promise<NotificationRow[]>,
): Promise<void> {
  const users = [...new Set(rows.map((r) => r.user_id))];
  const settings = (userId: string) => {
    const s = known.get(userId);
    return typeof s === "object" ? s : undefined;
  };
  const reach = await d.fanout.reach(
    trx,
    users,
    wantsTelegram(known),
    (userId) => settings(userId)?.locale ?? "en",
    (userId) => settings(userId)?.places ?? [],
  );
  await d.fanout.matches(trx, await notesOf(rows.filter((r) => reach.wants(r.user_id))), reach, now);
  await d.dispatches.releaseNow(trx, users, now);
}
