import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Admin messaging: every message the admins sent (a broadcast, a direct message) and every text
 * people wrote to the bot, and a broadcast's deliveries, one row per chat. A delivery is claimed
 * (status `sending`, `next_at` the end of its lease) just before its send and marked sent or
 * failed right after, so a sender stopped half way resumes where it was and never sends a chat the
 * same broadcast twice.
 */
export const messages = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("messages")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("type", "text", (c) => c.notNull().check(sql`type IN ('broadcast', 'direct', 'received')`))
      .addColumn("status", "text", (c) =>
        c.notNull().defaultTo("pending").check(sql`status IN ('pending', 'sent', 'failed')`),
      )
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("chat_id", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("chat_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("sender_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_by", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
      // A received message's id in its chat: an update Telegram delivers twice is stored once.
      .addColumn("telegram_id", "bigint")
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("sent_at", "timestamptz")
      .addUniqueConstraint("messages_received_once", ["chat_id", "telegram_id"])
      .execute();
    await db.schema
      .createIndex("messages_created")
      .on("messages")
      .columns(["created_at desc", "id desc"])
      .execute();
    await db.schema
      .createIndex("messages_type_created")
      .on("messages")
      .columns(["type", "created_at desc", "id desc"])
      .execute();
    await db.schema
      .createIndex("messages_chat_created")
      .on("messages")
      .columns(["chat_id", "created_at desc"])
      .execute();

    await db.schema
      .createTable("deliveries")
      .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn("message_id", "uuid", (c) => c.notNull().references("messages.id").onDelete("cascade"))
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("chat_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("status", "text", (c) =>
        c.notNull().defaultTo("pending").check(sql`status IN ('pending', 'sending', 'sent', 'failed')`),
      )
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      // Pending: when it may go; sending: when its lease ends.
      .addColumn("next_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("sent_at", "timestamptz")
      .addUniqueConstraint("deliveries_once", ["message_id", "chat_id"])
      .execute();
    await db.schema
      .createIndex("deliveries_due")
      .on("deliveries")
      .columns(["next_at", "id"])
      .where(sql<boolean>`status IN ('pending', 'sending')`)
      .execute();
    await db.schema
      .createIndex("deliveries_chat")
      .on("deliveries")
      .columns(["chat_id", "message_id"])
      .execute();
    await db.schema
      .createIndex("deliveries_message_status")
      .on("deliveries")
      .columns(["message_id", "status"])
      .execute();

    // The Telegram account's own name (first and last), for chats without a @username.
    await db.schema
      .alterTable("links")
      .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
      .execute();
  },
};
