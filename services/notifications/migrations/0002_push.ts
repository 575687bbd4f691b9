import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Delivery: browsers' push subscriptions, the queue of pushes and Telegram sends a worker drains
 * (leased with FOR UPDATE SKIP LOCKED, so each goes out from one replica), matches held in a
 * user's quiet hours, and the generated VAPID key pair every replica shares. In each queue
 * `next_at` is both when a row is due and its lease: claiming moves it past the send's time-out,
 * so a row whose worker died comes due again by itself.
 */
export const pushTables = {
  async up(db: AnyDb) {
    // A property match's listing, as its push and Telegram message show it.
    await db.schema.alterTable("notifications").addColumn("match", "jsonb").execute();
    // The admins' list: everyone's, newest first, maybe of one type.
    await db.schema
      .createIndex("notifications_created")
      .on("notifications")
      .columns(["created_at desc", "id desc"])
      .execute();
    await db.schema
      .createIndex("notifications_type_created")
      .on("notifications")
      .columns(["type", "created_at desc", "id desc"])
      .execute();

    // One row per endpoint: a browser belongs to whoever subscribed it last.
    await db.schema
      .createTable("push_subscriptions")
      .addColumn("endpoint", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("p256dh", "text", (c) => c.notNull())
      .addColumn("auth", "text", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex("push_subscriptions_user")
      .on("push_subscriptions")
      .column("user_id")
      .execute();

    // One push of one message (a notification or a digest: `key`) to one endpoint. The keys are
    // read from the subscription when it is sent; a subscription that goes takes its queue along.
    await db.schema
      .createTable("push_deliveries")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("endpoint", "text", (c) =>
        c.notNull().references("push_subscriptions.endpoint").onDelete("cascade"),
      )
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("urgency", "text", (c) => c.notNull())
      .addColumn("topic", "text", (c) => c.notNull())
      .addColumn("ttl_seconds", "integer", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_at", "timestamptz", (c) => c.notNull())
      .addColumn("last_error", "text")
      .addColumn("created_at", "timestamptz", (c) => c.notNull())
      .addUniqueConstraint("push_deliveries_once", ["key", "endpoint"])
      .execute();
    await db.schema.createIndex("push_deliveries_due").on("push_deliveries").column("next_at").execute();
    await db.schema
      .createIndex("push_deliveries_endpoint")
      .on("push_deliveries")
      .column("endpoint")
      .execute();

    // One Telegram message of one match or digest (`key`) to a user's linked account.
    await db.schema
      .createTable("telegram_sends")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("photo", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_at", "timestamptz", (c) => c.notNull())
      .addColumn("last_error", "text")
      .addColumn("created_at", "timestamptz", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("telegram_sends_due").on("telegram_sends").column("next_at").execute();

    // A match waiting for the decision that needs the user's settings (identity, a remote call,
    // so outside the consumer's transaction), or held until its quiet hours end (`release_at`).
    await db.schema
      .createTable("match_dispatches")
      .addColumn("notification_id", "uuid", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("release_at", "timestamptz")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_at", "timestamptz", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("match_dispatches_due").on("match_dispatches").column("next_at").execute();
    await db.schema.createIndex("match_dispatches_user").on("match_dispatches").column("user_id").execute();

    // The generated VAPID pair (when VAPID_* are unset): the first replica's insert wins.
    await db.schema
      .createTable("vapid_keys")
      .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn("public_key", "text", (c) => c.notNull())
      .addColumn("private_key", "text", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
