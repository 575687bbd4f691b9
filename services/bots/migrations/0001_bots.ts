import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Bots (saved searches) and the posts each has sent. The matcher finds the bots of a new
 * listing through the GIN index on the area codes (active bots only), so a listing is tested
 * against the few bots watching its neighbourhood, never against all of them.
 */
export const botsTables = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("bots")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("bot_name", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("chat_id", "uuid", (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
      .addColumn("chat_name", "text", (c) => c.notNull())
      .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
      .addColumn("neighborhood_codes", sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn("price_min", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("price_max", "integer", (c) => c.notNull().defaultTo(20000))
      .addColumn("min_rooms", "integer", (c) => c.notNull().defaultTo(1))
      // false: private listings only; null: all; true: merchants only.
      .addColumn("merchant", "boolean")
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex("bots_codes")
      .on("bots")
      .using("gin")
      .column("neighborhood_codes")
      .where(sql<boolean>`active`)
      .execute();
    await db.schema.createIndex("bots_user").on("bots").columns(["user_id", "created_at"]).execute();
    await db.schema.createIndex("bots_created").on("bots").column("created_at").execute();

    // The bot's seenPosts. Keyed by the duplicate group (canonical_id), so the same flat from a
    // second source is refused by the key itself, whichever replica or retry inserts it.
    await db.schema
      .createTable("bot_posts")
      .addColumn("bot_id", "uuid", (c) => c.notNull().references("bots.id").onDelete("cascade"))
      .addColumn("canonical_id", "uuid", (c) => c.notNull())
      .addColumn("listing_id", "uuid", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("bot_posts_pk", ["bot_id", "canonical_id"])
      .execute();
  },
};
