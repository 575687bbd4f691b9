import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * The map view's box as column ranges on a btree, instead of `point <@ box` on a GiST index: the
 * planner has statistics for `lat` and `lon` but none for a point in a box (it guessed 100 rows
 * whatever the box), so a view of all Tel Aviv was sorted on disk and a small one scanned the
 * table. With ranges it scans the index for a small view and the table for a large one.
 */
export const browseBox = {
  async up(db: AnyDb) {
    await db.schema.dropIndex("listings_point").ifExists().execute();
    await db.schema
      .createIndex("listings_lat_lon")
      .on("listings")
      .columns(["lat", "lon"])
      .where(sql<boolean>`removed_at IS NULL AND shown AND lat IS NOT NULL AND lon IS NOT NULL`)
      .execute();
  },
};
