import type { AnyDb, AnyTrx } from "@dirabot/platform/db/types.ts";
import type { Db, SubscriptionRow, Trx } from "../db.ts";
import type { SubscriptionInput } from "./subscription-rules.ts";

/** Browsers' push subscriptions: the only SQL about them. */
export class SubscriptionsRepo {
  readonly db: Db;
  constructor(db: AnyDb) {
    this.db = db as Db;
  }

  /**
   * The endpoint is the user's from now on, with these keys. An endpoint that was someone else's
   * (another person signed in on that browser) drops what was queued for them.
   */
  async save(userId: string, s: SubscriptionInput, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("push_deliveries")
        .where("endpoint", "=", s.endpoint)
        .where("user_id", "<>", userId)
        .execute();
      await trx
        .insertInto("push_subscriptions")
        .values({
          endpoint: s.endpoint,
          user_id: userId,
          p256dh: s.p256dh,
          auth: s.auth,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .column("endpoint")
            .doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth, updated_at: now }),
        )
        .execute();
    });
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

  async has(userId: string, endpoint: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("endpoint", "=", endpoint)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The browsers of these users. */
  ofUsers(trx: AnyTrx, userIds: string[]): Promise<Pick<SubscriptionRow, "endpoint" | "user_id">[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return (trx as Trx)
      .selectFrom("push_subscriptions")
      .select(["endpoint", "user_id"])
      .where("user_id", "in", userIds)
      .execute();
  }

  /** A deleted user's subscriptions and everything queued for them. */
  async forget(trx: AnyTrx, userId: string): Promise<void> {
    const t = trx as Trx;
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
