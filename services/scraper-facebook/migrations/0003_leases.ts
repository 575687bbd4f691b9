import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * The groups' leases move to the lease table every scraper keeps (`work_units`, taken through
 * the platform's one lease helper). Each held lease keeps its holder and end: a group being read
 * now stays with its reader, an expired one is free; every group is due at once, as before.
 */
export const leases = {
  async up(db: AnyDb) {
    // The shape the platform's lease helper works on (the Yad2 scraper's table since its first
    // migration). Written out here: a migration never changes once applied.
    await db.schema
      .createTable("work_units")
      .addColumn("unit", "text", (c) => c.primaryKey())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("next_run_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("owner", "text")
      .addColumn("lease_expires_at", "timestamptz")
      .execute();
    await db.schema.createIndex("work_units_source").on("work_units").column("source").execute();
    await db
      .insertInto("work_units")
      .columns(["unit", "source", "next_run_at", "owner", "lease_expires_at"])
      .expression(
        db
          .selectFrom("group_leases")
          .select([
            "group_id",
            sql<string>`'facebook-scraper'`.as("source"),
            sql<Date>`now()`.as("next_run_at"),
            "holder",
            "expires_at",
          ]),
      )
      .execute();
    await db.schema.dropTable("group_leases").execute();
  },
};
