import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/** Links between Dirabot users and Telegram chats, and the one-time codes that make them. */
export const links = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("links")
      .addColumn("user_id", "text", (c) => c.primaryKey())
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("username", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("linked_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable("link_codes")
      .addColumn("code", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .addColumn("used_at", "timestamptz")
      .execute();
    await db.schema.createIndex("link_codes_user").on("link_codes").column("user_id").execute();
  },
};
