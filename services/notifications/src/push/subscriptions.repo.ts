import { sql } from "kysely";
import type { Db, SubscriptionRow, Trx } from "../db.ts";
import type { SubscriptionInput } from "./subscription-rules.ts";

/** Browsers' push subscriptions: the only SQL about them. */
export class SubscriptionsRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The endpoint is the user's from now on, with these keys, made by this session. An endpoint
   * that was someone else's (another person signed in on that browser) drops what was queued for
   * them. False, changing nothing, when the user already has `max` other endpoints.
   */
  async save(
    owner: { userId: string; sessionId: string; userAgent: string },
    s: SubscriptionInput,
    now: Date,
    max: number,
  ): Promise<boolean> {
    const { userId } = owner;
    return this.db.transaction().execute(async (trx) => {
      // One subscribe of a user at a time, so two at once cannot both pass the cap.
      await sql`select pg_advisory_xact_lock(hashtext(${`push:${userId}`}))`.execute(trx);
      const others = await trx
        .selectFrom("push_subscriptions")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("user_id", "=", userId)
        .where("endpoint", "<>", s.endpoint)
        .executeTakeFirstOrThrow();
      if (others.n >= max) return false;
      await trx
        .deleteFrom("push_deliveries")
        .where("endpoint", "=", s.endpoint)
        .where("user_id", "<>", userId)
        .execute();
      const made = {
        user_id: userId,
        p256dh: s.p256dh,
        auth: s.auth,
        session_id: owner.sessionId || null,
        user_agent: owner.userAgent,
        updated_at: now,
        last_used_at: now,
      };
      await trx
        .insertInto("push_subscriptions")
        .values({ endpoint: s.endpoint, created_at: now, ...made })
        .onConflict((oc) => oc.column("endpoint").doUpdateSet(made))
        .execute();
      return true;
    });
  }

  /** The user's push devices, the most recently used first. */
  list(userId: string) {
    return this.db
      .selectFrom("push_subscriptions")
      .select(["id", "user_agent", "created_at", "last_used_at", "session_id"])
      .where("user_id", "=", userId)
      .orderBy(sql`coalesce(last_used_at, created_at)`, "desc")
      .execute();
  }

  /** Ends one of the user's devices by its id (its queue goes with it); false: not theirs. */
  async removeById(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("push_subscriptions")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Sessions of a user ended (sessions.ended): the devices they subscribed go, and so do the
   * user's devices that predate sessions on subscriptions (no session: whose it was is unknown).
   */
  async endSessions(trx: Trx, userId: string, sessionIds: string[], all: boolean): Promise<void> {
    let q = trx.deleteFrom("push_subscriptions").where("user_id", "=", userId);
    if (!all)
      q = q.where((eb) =>
        sessionIds.length > 0
          ? eb.or([eb("session_id", "is", null), eb("session_id", "in", sessionIds)])
          : eb("session_id", "is", null),
      );
    await q.execute();
  }

  /** Forgets the user's subscription of an endpoint (its queue goes with it); false: none. */
  async remove(userId: string, endpoint: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("push_subscriptions")
      .where("endpoint", "=", endpoint)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The push service said the endpoint is gone (404/410): whoever had it. */
  async gone(endpoint: string): Promise<void> {
    await this.db.deleteFrom("push_subscriptions").where("endpoint", "=", endpoint).execute();
  }

  /**
   * Whether the user has the endpoint; a browser asking is seen, so its last use moves (at most
   * once a minute: the profile shows it).
   */
  async has(userId: string, endpoint: string, now: Date): Promise<boolean> {
    const seen = await this.db
      .updateTable("push_subscriptions")
      .set({ last_used_at: now })
      .where("endpoint", "=", endpoint)
      .where("user_id", "=", userId)
      .where((eb) =>
        eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", new Date(now.getTime() - 60_000))]),
      )
      .returning("endpoint")
      .executeTakeFirst();
    if (seen) return true;
    const row = await this.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("endpoint", "=", endpoint)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The browsers of these users. */
  ofUsers(trx: Trx, userIds: string[]): Promise<Pick<SubscriptionRow, "endpoint" | "user_id">[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom("push_subscriptions")
      .select(["endpoint", "user_id"])
      .where("user_id", "in", userIds)
      .execute();
  }

  /** A deleted user's subscriptions and everything queued for them. */
  async forget(trx: Trx, userId: string): Promise<void> {
    const t = trx;
    await t.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
    await t.deleteFrom("telegram_sends").where("user_id", "=", userId).execute();
    await t.deleteFrom("match_dispatches").where("user_id", "=", userId).execute();
  }

  /** The generated VAPID pair: the first replica's insert wins, every replica reads the same. */
  async vapidKeys(make: () => { publicKey: string; privateKey: string }) {
    const existing = await this.db.selectFrom("vapid_keys").selectAll().executeTakeFirst();
    if (!existing) {
      const k = make();
      await this.db
        .insertInto("vapid_keys")
        .values({ id: 1, public_key: k.publicKey, private_key: k.privateKey })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    const row = await this.db.selectFrom("vapid_keys").selectAll().executeTakeFirstOrThrow();
    return { publicKey: row.public_key, privateKey: row.private_key };
  }
}
