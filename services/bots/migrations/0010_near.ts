import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Distance conditions ("within 3 km of Work"). `user_places` is bots' copy of each user's places
 * (user.places_changed, the highest version kept). `bots.near` is what the bot's answers say;
 * `bot_near` is the same conditions with the place's coordinates, for the match statement, and
 * `near_*` on the bot is the box every one of its conditions fits in (null: no condition): a plain
 * test on the bot's row before any distance is computed.
 */
export const near = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("user_places")
      .addColumn("user_id", "text", (c) => c.primaryKey())
      .addColumn("version", "bigint", (c) => c.notNull())
      .addColumn("places", "jsonb", (c) => c.notNull())
      .execute();
    await db.schema
      .alterTable("bots")
      .addColumn("near", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn("near_min_lat", "float8")
      .addColumn("near_max_lat", "float8")
      .addColumn("near_min_lon", "float8")
      .addColumn("near_max_lon", "float8")
      .execute();
    await db.schema
      .createTable("bot_near")
      .addColumn("bot_id", "uuid", (c) => c.notNull().references("bots.id").onDelete("cascade"))
      .addColumn("place_id", "uuid", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      // The place's name and point as the owner last saved them (user.places_changed).
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("lat", "float8", (c) => c.notNull())
      .addColumn("lon", "float8", (c) => c.notNull())
      // Straight-line kilometres, or travel minutes by mode (the other null).
      .addColumn("km", "float8")
      .addColumn("minutes", "integer")
      .addColumn("mode", "text")
      .addPrimaryKeyConstraint("bot_near_pkey", ["bot_id", "place_id"])
      .addCheckConstraint(
        "bot_near_kind",
        sql`(km IS NOT NULL AND minutes IS NULL AND mode IS NULL)
          OR (km IS NULL AND minutes IS NOT NULL AND mode IN ('walking', 'cycling', 'driving'))`,
      )
      .execute();
    await db.schema.createIndex("bot_near_place").on("bot_near").column("place_id").execute();
  },
};
