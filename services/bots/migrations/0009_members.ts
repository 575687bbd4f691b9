import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Shared bots: a bot's members (people the owner invited; the owner is `bots.user_id`, never a
 * row here), its invites (a random token, valid until `expires_at`, spent once by `used_by`, or
 * bound to one e-mail), and the owner's switch letting members change the search. This is the
 * source of truth; the chat service keeps its own copy from bot.member_added/removed.
 */
export const members = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("bots")
      .addColumn("members_may_edit", "boolean", (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .createTable("bot_members")
      .addColumn("bot_id", "uuid", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("added_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("bot_members_pk", ["bot_id", "user_id"])
      .execute();
    await db.schema.createIndex("bot_members_by_user").on("bot_members").column("user_id").execute();
    await db.schema
      .createTable("bot_invites")
      .addColumn("token", "text", (c) => c.primaryKey())
      .addColumn("bot_id", "uuid", (c) => c.notNull())
      .addColumn("email", "text")
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .addColumn("used_by", "text")
      .addColumn("used_at", "timestamptz")
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex("bot_invites_by_bot").on("bot_invites").column("bot_id").execute();
  },
};
