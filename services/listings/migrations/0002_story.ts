import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A flat's story and its price signal:
 * - `source_group`: the Facebook group a post was read from (its name), for "also on …";
 * - the duplicate lookups' indexes cover removed listings too: a flat relisted within 30 days
 *   (on any source, the same one included) joins its old group and keeps its age;
 * - `area_medians`: the median ₪ per room of each (neighbourhood, room count), recomputed by one
 *   statement every few minutes, so a page of listings gets its signals by key lookups.
 */
export const storyTables = {
  async up(db: AnyDb) {
    await db.schema.alterTable("listings").addColumn("source_group", "text").execute();

    // Were partial on `removed_at IS NULL`; a relisting must find the removed flat as well.
    for (const name of ["listings_phone", "listings_address", "listings_near"])
      await db.schema.dropIndex(name).execute();
    const index = (name: string) => db.schema.createIndex(name).on("listings");
    await index("listings_phone_any").column("phone").where(sql<boolean>`phone <> ''`).execute();
    await index("listings_address_any")
      .columns(["street", "house_number"])
      .where(sql<boolean>`street <> '' AND house_number <> ''`)
      .execute();
    await index("listings_near_any")
      .using("gist")
      .expression(sql`point(lon, lat)`)
      .where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL`)
      .execute();

    await db.schema
      .createTable("area_medians")
      .addColumn("neighborhood_code", "integer", (c) => c.notNull())
      .addColumn("rooms", "real", (c) => c.notNull())
      .addColumn("median_per_room", "double precision", (c) => c.notNull())
      .addColumn("sample", "integer", (c) => c.notNull())
      .addColumn("computed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("area_medians_pk", ["neighborhood_code", "rooms"])
      .execute();
  },
};
