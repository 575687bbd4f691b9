import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * The scraper's own state, shared by its replicas: each source's last-run figures and state (so
 * every replica answers GetStatus the same), the work units with their leases and schedule, and
 * a short history of runs.
 */
export const scraper = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("sources")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("state", "text", (c) => c.notNull().defaultTo("offline"))
      .addColumn("last_error", "text", (c) => c.notNull().defaultTo("not run yet"))
      .addColumn("last_run_at", "timestamptz")
      .addColumn("last_success_at", "timestamptz")
      .addColumn("fetched", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("new", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("failed", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("duration_ms", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("items_last_run", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("paused_until", "timestamptz")
      .addColumn("preview", "bytea")
      .addColumn("preview_at", "timestamptz")
      .execute();
    await db.schema
      .createTable("work_units")
      .addColumn("unit", "text", (c) => c.primaryKey())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("next_run_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("owner", "text")
      .addColumn("lease_expires_at", "timestamptz")
      .execute();
    await db.schema.createIndex("work_units_source").on("work_units").column("source").execute();
    await db.schema
      .createTable("runs")
      .addColumn("id", "bigserial", (c) => c.primaryKey())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("started_at", "timestamptz", (c) => c.notNull())
      .addColumn("duration_ms", "integer", (c) => c.notNull())
      .addColumn("ok", "boolean", (c) => c.notNull())
      .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("units", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("fetched", "integer", (c) => c.notNull())
      .addColumn("new", "integer", (c) => c.notNull())
      .addColumn("updated", "integer", (c) => c.notNull())
      .addColumn("failed", "integer", (c) => c.notNull())
      .addColumn("requests", "integer", (c) => c.notNull())
      .addColumn("capped", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("runs_source_id").on("runs").columns(["source", "id"]).execute();
  },
};
