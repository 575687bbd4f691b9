import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * The perceptual hash of a listing's first photo, computed after ingest (the photo is fetched
 * from the source, which may be slow or fail): `photo_due` is when it is next tried (null:
 * nothing to do — no photo, hashed, or given up), `photo_tries` how many fetches failed.
 * `announce_held`: a new listing with a photo and no text duplicate is announced once its photo
 * was hashed (or its first try failed), so a photo duplicate is announced in its group and no bot
 * posts the flat twice. Live listings already stored get their photos hashed too.
 */
export const photoHash = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("listings")
      .addColumn("photo_hash", "bigint")
      .addColumn("photo_tries", "smallint", (c) => c.notNull().defaultTo(0))
      .addColumn("photo_due", "timestamptz")
      .addColumn("announce_held", "boolean", (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .createIndex("listings_photo_due")
      .on("listings")
      .column("photo_due")
      .where(sql.ref("photo_due"), "is not", null)
      .execute();
    // The photo lookup reads the hashed listings of the last 60 days (live) or 30 (removed).
    await db.schema
      .createIndex("listings_photo_hashed")
      .on("listings")
      .column("first_seen_at")
      .where(sql.ref("photo_hash"), "is not", null)
      .execute();
    await db
      .updateTable("listings")
      .set({ photo_due: sql`now()` })
      .where("removed_at", "is", null)
      .where(sql<number>`cardinality(images)`, ">", 0)
      .execute();
  },
};
