import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Telegram group bots: the `/register` codes a group asks for (redeemed once, by one user, in
 * Dirabot) and the ledger of matches posted to a group: a row is claimed before the send and
 * marked sent after it, so a redelivered `bot.matched` is not posted twice and a failed send is.
 */
export const groups = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("group_codes")
      .addColumn("code", "text", (c) => c.primaryKey())
      .addColumn("chat_id", "text", (c) => c.notNull())
      .addColumn("chat_title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .addColumn("used_at", "timestamptz")
      .addColumn("used_by", "text")
      .execute();
    await db.schema.createIndex("group_codes_used_by").on("group_codes").column("used_by").execute();
    await db.schema
      .createTable("group_posts")
      .addColumn("bot_id", "text", (c) => c.notNull())
      .addColumn("listing_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("sent_at", "timestamptz")
      .addPrimaryKeyConstraint("group_posts_pk", ["bot_id", "listing_id"])
      .execute();
    await db.schema.createIndex("group_posts_user").on("group_posts").column("user_id").execute();
  },
};
