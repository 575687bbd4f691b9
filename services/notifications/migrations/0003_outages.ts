import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A scraped source's outages, one row each, shared by the replicas: the offline alert and the
 * recovery alert are each claimed once (alerted_at, recovery_alerted_at) in the transaction that
 * queues the admins' Telegram messages, so neither goes twice whatever the replicas or restarts.
 */
export const outagesTables = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("source_outages")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("started_at", "timestamptz", (c) => c.notNull())
      .addColumn("alerted_at", "timestamptz")
      .addColumn("recovered_at", "timestamptz")
      .addColumn("recovery_alerted_at", "timestamptz")
      .execute();
    // At most one open outage per source: replicas seeing it go down at once open one.
    await db.schema
      .createIndex("source_outages_open")
      .on("source_outages")
      .column("source")
      .unique()
      .where(sql.ref("recovered_at"), "is", null)
      .execute();
  },
};
