import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * What keeps a stolen session from moving the account's recovery chat: the account a link code
 * names (told to the chat a new link replaces), the undo a replaced chat may send within a day,
 * and notices, the bot's own messages to a chat about its link (queued in the transaction that
 * decides them, sent with back-off by the sender of broadcasts, never twice).
 */
export const linkSafety = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("link_codes")
      .addColumn("account", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .createTable("link_undos")
      .addColumn("code", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      // The chat the new link replaced, as it was linked.
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("username", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .addColumn("used_at", "timestamptz")
      .execute();
    await db.schema.createIndex("link_undos_user").on("link_undos").column("user_id").execute();
    await db.schema
      .createTable("notices")
      .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c.notNull().defaultTo("pending").check(sql`status IN ('pending', 'sending', 'sent', 'failed')`),
      )
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      // Pending: when it may go; sending: when its lease ends.
      .addColumn("next_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("attempted_at", "timestamptz")
      .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("sent_at", "timestamptz")
      .execute();
    await db.schema
      .createIndex("notices_due")
      .on("notices")
      .columns(["next_at", "id"])
      .where(sql<boolean>`status IN ('pending', 'sending')`)
      .execute();
  },
};
