import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * `fact_changes`: a fact a listing's source said and then changed (a safe room, then none). A
 * match is never taken back, so the flat's story says what changed; a fact learnt where it was
 * unknown is no change and is not kept here.
 */
export const factChanges = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("fact_changes")
      .addColumn("id", "bigserial", (c) => c.primaryKey())
      .addColumn("listing_id", "uuid", (c) => c.notNull().references("listings.id").onDelete("cascade"))
      .addColumn("fact", "text", (c) => c.notNull())
      .addColumn("from_value", "boolean", (c) => c.notNull())
      .addColumn("to_value", "boolean", (c) => c.notNull())
      .addColumn("changed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex("fact_changes_listing").on("fact_changes").column("listing_id").execute();
  },
};
