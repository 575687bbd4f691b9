import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * One chat per bot (its id is the bot's chat_id) and its messages. A listing, or any cross-source
 * duplicate of it (same canonical id), lands in a chat once: the unique (chat_id, canonical_id)
 * constraint says so, whatever the consumers do. `deleted_chats` remembers deleted bots' chats so
 * a match or a bot.updated that arrives after bot.deleted does not bring the chat back.
 */
export const chatTables = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("chats")
      .addColumn("id", "uuid", (c) => c.primaryKey())
      .addColumn("bot_id", "uuid", (c) => c.notNull().unique())
      .addColumn("bot_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("unread_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_message_id", "uuid")
      .addColumn("last_message_at", "timestamptz")
      .addColumn("favorite", "boolean", (c) => c.notNull().defaultTo(false))
      // The bot's updated_at of the name we hold: an older bot.updated arriving late is ignored.
      .addColumn("bot_updated_at", "timestamptz")
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex("chats_by_user")
      .on("chats")
      .expression(sql`user_id, last_message_at DESC NULLS LAST`)
      .execute();

    await db.schema
      .createTable("messages")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("chat_id", "uuid", (c) => c.notNull().references("chats.id").onDelete("cascade"))
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull().check(sql`type IN ('text', 'asset')`))
      .addColumn("sender", "jsonb") // null: the bot
      .addColumn("is_read", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("starred", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("temp_id", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("asset", "jsonb") // the Listing as protobuf JSON, as it was when it matched
      .addColumn("canonical_id", "uuid")
      // clock_timestamp, not now(): messages written in one transaction still have an order.
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addUniqueConstraint("messages_chat_canonical", ["chat_id", "canonical_id"])
      .execute();
    await db.schema
      .createIndex("messages_page")
      .on("messages")
      .columns(["chat_id", "created_at desc", "id desc"])
      .execute();
    await db.schema
      .createIndex("messages_starred")
      .on("messages")
      .columns(["chat_id", "created_at"])
      .where(sql<boolean>`starred`)
      .execute();

    await db.schema
      .createTable("deleted_chats")
      .addColumn("id", "uuid", (c) => c.primaryKey())
      .addColumn("deleted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
