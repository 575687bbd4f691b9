import type { SelectQueryBuilder } from "kysely";
import { sql } from "kysely";
import type { Db, DispatchRow, NotificationsDb, Trx } from "../db.ts";

/**
 * Matches waiting for their delivery decision, or held in quiet hours (`release_at` set). Claimed
 * like the send queues (`next_at` is the lease); a match is fanned out by the transaction that
 * deletes its row, so it is queued for sending once whoever handles it.
 */
export class DispatchesRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Queues matches for their decision, one row per notification (a repeat is a no-op). */
  async add(trx: Trx, matches: { notificationId: string; userId: string }[], now: Date): Promise<void> {
    if (!matches.length) return;
    await trx
      .insertInto("match_dispatches")
      .values(
        matches.map((m) => ({
          notification_id: m.notificationId,
          user_id: m.userId,
          next_at: now,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column("notification_id").doNothing())
      .execute();
  }

  claim(now: Date, leaseUntil: Date, limit: number): Promise<DispatchRow[]> {
    return this.db
      .updateTable("match_dispatches")
      .set({ next_at: leaseUntil, attempts: sql`attempts + 1` })
      .where("notification_id", "in", (eb) =>
        eb
          .selectFrom("match_dispatches")
          .select("notification_id")
          .where("next_at", "<=", now)
          .orderBy("next_at")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  async retry(notificationId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("match_dispatches")
      .set({ next_at: at })
      .where("notification_id", "=", notificationId)
      .execute();
  }

  /** Holds this match and every other held one of the user until `until` (one digest for all). */
  async hold(userId: string, notificationId: string, until: Date): Promise<void> {
    await this.db
      .updateTable("match_dispatches")
      .set({ release_at: until, next_at: until })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("notification_id", "=", notificationId), eb("release_at", "is not", null)]))
      .execute();
  }

  /** These users' quiet hours are over (or gone): what is held for them comes due now. */
  async releaseNow(trx: Trx, userIds: string[], now: Date): Promise<void> {
    if (userIds.length === 0) return;
    await trx
      .updateTable("match_dispatches")
      .set({ next_at: now })
      .where("user_id", "in", userIds)
      .where("release_at", "is not", null)
      .where("next_at", ">", now)
      .execute();
  }

  /** Takes matches for fanning out: the ones another worker has not taken already. */
  async take(trx: Trx, notificationIds: string[]): Promise<string[]> {
    if (notificationIds.length === 0) return [];
    const rows = await trx
      .deleteFrom("match_dispatches")
      .where("notification_id", "in", notificationIds)
      .where("release_at", "is", null)
      .returning("notification_id")
      .execute();
    return rows.map((r) => r.notification_id);
  }

  /**
   * Takes every held match of the user, waiting for a concurrent taker to finish (FOR UPDATE, not
   * SKIP LOCKED): of two workers releasing the same user, the second finds nothing left.
   */
  async takeHeld(trx: Trx, userId: string): Promise<string[]> {
    const t = trx;
    const rows = await t
      .selectFrom("match_dispatches")
      .select("notification_id")
      .where("user_id", "=", userId)
      .where("release_at", "is not", null)
      .forUpdate()
      .execute();
    const ids = rows.map((r) => r.notification_id);
    if (ids.length > 0) await t.deleteFrom("match_dispatches").where("notification_id", "in", ids).execute();
    return ids;
  }

  /**
   * The user's matches of one chat still waiting or held (they left its bot): gone, with any of
   * their pushes and Telegram messages still queued. Returns how many matches were dropped.
   */
  async dropChat(trx: Trx, userId: string, chatId: string): Promise<number> {
    const ids = (
      await trx
        .deleteFrom("match_dispatches")
        .where("user_id", "=", userId)
        .where("notification_id", "in", (eb) =>
          ofChat(eb.selectFrom("notifications"), userId, chatId).select("id"),
        )
        .returning("notification_id")
        .execute()
    ).map((r) => r.notification_id);
    // Already decided but not yet sent (or waiting to be tried again): a push's key is its
    // notification's id, a Telegram message's `match-<id>`.
    await trx
      .deleteFrom("push_deliveries")
      .where("user_id", "=", userId)
      .where("key", "in", (eb) =>
        ofChat(eb.selectFrom("notifications"), userId, chatId).select(sql<string>`id::text`.as("key")),
      )
      .execute();
    await trx
      .deleteFrom("telegram_sends")
      .where("user_id", "=", userId)
      .where("key", "in", (eb) =>
        ofChat(eb.selectFrom("notifications"), userId, chatId).select(sql<string>`'match-' || id`.as("key")),
      )
      .execute();
    return ids.length;
  }

  async drop(userId: string): Promise<void> {
    await this.db.deleteFrom("match_dispatches").where("user_id", "=", userId).execute();
  }
}

/** The user's match notifications of one chat. */
const ofChat = <O>(
  q: SelectQueryBuilder<NotificationsDb, "notifications", O>,
  userId: string,
  chatId: string,
) =>
  q
    .where("user_id", "=", userId)
    .where("type", "=", "property_match")
    .where(sql<string>`match->>'chatId'`, "=", chatId);
