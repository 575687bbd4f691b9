import { type Migration, sql } from "kysely";
import type { AnyDb } from "./types.ts";

/**
 * Tables every service gets in its own schema: the outbox (events staged in the writing
 * transaction) and the inbox (event ids a consumer has applied, for idempotency).
 * Named 0000_* so they sort before the service's own migrations.
 */
export function platformMigrations(schema: string): Record<string, Migration> {
  return {
    "0000_platform_outbox_inbox": {
      async up(db: AnyDb) {
        await db.schema
          .createTable("outbox")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("subject", "text", (c) => c.notNull())
          .addColumn("data", "bytea", (c) => c.notNull())
          .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn("published_at", "timestamptz")
          .execute();
        await sql`CREATE INDEX outbox_pending ON ${sql.id(schema, "outbox")} (created_at) WHERE published_at IS NULL`.execute(
          db,
        );
        await db.schema
          .createTable("inbox")
          .addColumn("consumer", "text", (c) => c.notNull())
          .addColumn("event_id", "text", (c) => c.notNull())
          .addColumn("applied_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
          .addPrimaryKeyConstraint("inbox_pk", ["consumer", "event_id"])
          .execute();
      },
    },
  };
}
