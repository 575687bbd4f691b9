import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * The operator's figures: runs carry their configuration's scope (so a deployment's figures are
 * its own), and the periods Facebook refused the session, one open at a time per scope.
 */
export const figures = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("runs")
      .addColumn("scope", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.createIndex("runs_scope_started").on("runs").columns(["scope", "started_at"]).execute();
    await db.schema
      .createTable("blocked_periods")
      .addColumn("id", "bigserial", (c) => c.primaryKey())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("ended_at", "timestamptz")
      .addColumn("reason", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("blocked_periods_open")
      .on("blocked_periods")
      .column("scope")
      .unique()
      .where(sql.ref("ended_at"), "is", null)
      .execute();
  },
};
