import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * What the operator's figures need beyond the first schema: listings found gone and areas split
 * at the marker cap per run, a time index on the runs (hour and day windows), and the periods a
 * source was blocked, one open at a time per source.
 */
export const figures = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("sources")
      .addColumn("removed", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("runs")
      .addColumn("removed", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("runs")
      .addColumn("cap_splits", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex("runs_source_started").on("runs").columns(["source", "started_at"]).execute();
    await db.schema
      .createTable("blocked_periods")
      .addColumn("id", "bigserial", (c) => c.primaryKey())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("ended_at", "timestamptz")
      .addColumn("reason", "text", (c) => c.notNull())
      .execute();
    // Replicas recording blocked runs at once still open one period: the second insert is a no-op.
    await db.schema
      .createIndex("blocked_periods_open")
      .on("blocked_periods")
      .column("source")
      .unique()
      .where(sql.ref("ended_at"), "is", null)
      .execute();
    await db.schema
      .createIndex("blocked_periods_source_started")
      .on("blocked_periods")
      .columns(["source", "started_at"])
      .execute();
  },
};
