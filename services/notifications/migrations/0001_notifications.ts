import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * In-app notifications, one row each. The list is read newest first per user, and the bell's
 * unread count only touches unread rows, so each has its own index.
 */
export const notificationsTables = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("notifications")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("is_read", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("url", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex("notifications_user_created")
      .on("notifications")
      .columns(["user_id", "created_at desc", "id desc"])
      .execute();
    await db.schema
      .createIndex("notifications_unread")
      .on("notifications")
      .column("user_id")
      .where(sql<boolean>`NOT is_read`)
      .execute();
  },
};
