import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

export const users = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("firstname", "text", (c) => c.notNull())
      .addColumn("lastname", "text", (c) => c.notNull())
      .addColumn("avatar", "text", (c) => c.notNull().defaultTo("1"))
      .addColumn("roles", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{user}'`))
      .addColumn("is_banned", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("banned_reason", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("oauth_provider", "text", (c) => c.notNull().defaultTo("none"))
      .addColumn("password_hash", "text")
      .addColumn("telegram_chat_id", "text")
      .addColumn("telegram_username", "text")
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // Emails are unique regardless of case: Dana@x and dana@x are one person.
    await db.schema
      .createIndex("users_email_unique")
      .on("users")
      .expression(sql`lower(email)`)
      .unique()
      .execute();
    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .addColumn("revoked_at", "timestamptz")
      .execute();
    await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
  },
};
