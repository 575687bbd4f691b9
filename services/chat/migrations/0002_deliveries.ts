import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Freshness: one row per listing group, written with the group's first asset message in any chat
 * (the first matched user's), holding the listing's source and its publication time there. `live`
 * is false when that first message was a new bot's backfill: not a delivery of a new listing.
 */
export const deliveries = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("first_deliveries")
      .addColumn("canonical_id", "uuid", (c) => c.primaryKey())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("posted_at", "timestamptz", (c) => c.notNull())
      .addColumn("delivered_at", "timestamptz", (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn("live", "boolean", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("first_deliveries_at")
      .on("first_deliveries")
      .column("delivered_at")
      .execute();
  },
};
