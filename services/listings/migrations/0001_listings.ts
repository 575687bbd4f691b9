import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Listings keyed by (source, external_id), their price history, and the geocoder cache.
 * Every browse filter has an index; `shown` marks the one listing of a duplicate group that
 * browsing returns, so the same flat seen on Yad2 and in three groups is listed once.
 */
export const listingsTables = {
  async up(db: AnyDb) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await db.schema
      .createTable("listings")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("external_id", "text", (c) => c.notNull())
      .addColumn("canonical_id", "uuid", (c) => c.notNull())
      .addColumn("shown", "boolean", (c) => c.notNull().defaultTo(true))
      .addColumn("images", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("street", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("house_number", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("city_code", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("neighborhood", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("neighborhood_code", "integer")
      .addColumn("neighborhood_method", "text", (c) => c.notNull().defaultTo("none"))
      .addColumn("rooms", "real")
      .addColumn("size", "integer")
      .addColumn("floor", "integer")
      .addColumn("price", "integer")
      .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("link", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("merchant", "boolean")
      .addColumn("lat", "double precision")
      .addColumn("lon", "double precision")
      .addColumn("contact_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("agency", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("entry_date", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("apartment"))
      .addColumn("has_details", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("search", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("posted_at", "timestamptz")
      .addColumn("first_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("checked_at", "timestamptz")
      .addColumn("removed_at", "timestamptz")
      .addUniqueConstraint("listings_source_external", ["source", "external_id"])
      .execute();
    // Browsing: newest first among the shown, active listings, then each filter. (Raw SQL is not
    // schema-qualified by Kysely, so indexes go through the builder.)
    const active = sql<boolean>`removed_at IS NULL AND shown`;
    const index = (name: string) => db.schema.createIndex(name).on("listings");
    await index("listings_browse").columns(["first_seen_at desc", "id"]).where(active).execute();
    await index("listings_price").column("price").where(active).execute();
    await index("listings_rooms").column("rooms").where(active).execute();
    await index("listings_hood").columns(["neighborhood_code", "first_seen_at desc"]).where(active).execute();
    await index("listings_point")
      .using("gist")
      .expression(sql`point(lon, lat)`)
      .where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL AND removed_at IS NULL AND shown`)
      .execute();
    await index("listings_search").using("gin").expression(sql`search public.gin_trgm_ops`).execute();
    // Duplicate lookups and the cleaner's queue.
    await index("listings_phone")
      .column("phone")
      .where(sql<boolean>`phone <> '' AND removed_at IS NULL`)
      .execute();
    await index("listings_address")
      .columns(["street", "house_number"])
      .where(sql<boolean>`street <> '' AND house_number <> '' AND removed_at IS NULL`)
      .execute();
    await index("listings_near")
      .using("gist")
      .expression(sql`point(lon, lat)`)
      .where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL AND removed_at IS NULL`)
      .execute();
    await index("listings_check")
      .columns(["source", "checked_at"])
      .where(sql<boolean>`removed_at IS NULL`)
      .execute();
    await index("listings_created").column("first_seen_at").execute();
    await index("listings_canonical").column("canonical_id").execute();

    await db.schema
      .createTable("price_history")
      .addColumn("id", "bigserial", (c) => c.primaryKey())
      .addColumn("listing_id", "uuid", (c) => c.notNull().references("listings.id").onDelete("cascade"))
      .addColumn("price", "integer")
      .addColumn("changed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex("price_history_listing").on("price_history").column("listing_id").execute();

    await db.schema
      .createTable("geocode_cache")
      .addColumn("query", "text", (c) => c.primaryKey())
      .addColumn("places", "jsonb", (c) => c.notNull())
      .addColumn("fetched_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
