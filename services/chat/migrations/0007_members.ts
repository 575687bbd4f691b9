import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Shared bots' members, the chat service's own copy of the bots service's (bot.member_added and
 * bot.member_removed): a row per chat and person, kept when they leave (`active` false) so that
 * an older event arriving late (`at`, when the bots service decided) cannot undo a newer one.
 * Each member has an unread count of their own; stars are per person too (`member_stars`), the
 * owner's staying on the message row.
 */
export const members = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("chat_members")
      .addColumn("chat_id", "uuid", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("active", "boolean", (c) => c.notNull())
      .addColumn("at", "timestamptz", (c) => c.notNull())
      .addColumn("unread_count", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("chat_members_pk", ["chat_id", "user_id"])
      .execute();
    await db.schema.createIndex("chat_members_by_user").on("chat_members").column("user_id").execute();
    await db.schema
      .createTable("member_stars")
      .addColumn("chat_id", "uuid", (c) => c.notNull())
      .addColumn("message_id", "uuid", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("member_stars_pk", ["message_id", "user_id"])
      .execute();
    await db.schema
      .createIndex("member_stars_by_chat")
      .on("member_stars")
      .columns(["chat_id", "user_id"])
      .execute();
  },
};
