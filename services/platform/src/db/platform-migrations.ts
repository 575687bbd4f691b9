import { type Migration, sql } from "kysely";
import type { AnyDb } from "./types.ts";

/**
 * Tables every service gets in its own schema: the outbox (events staged in the writing
 * transaction) and the inbox (event ids a consumer has applied, for idempotency).
 * Named 0000_* so they sort before the service's own migrations on a new database; a later one
 * runs after them on an existing one (the migrator allows that order, database.ts).
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
    /**
     * An event's bytes are written once and read once (by the relay, just after), yet PostgreSQL
     * compressed each with pglz: a listing's matches are large events, written once and read
     * once. lz4 compresses as well for far less CPU; a server built without it (the embedded
     * one) stores them uncompressed instead, which costs less than pglz too
     * (docs/decisions/0135-lighter-writes-and-events-for-a-listing.md).
     */
    "0000_platform_outbox_lz4": {
      async up(db: AnyDb) {
        const lz4 = await sql<{ ok: boolean }>`SELECT 'lz4' = ANY(enumvals) AS ok FROM pg_settings
          WHERE name = 'default_toast_compression'`.execute(db);
        const how = lz4.rows[0]?.ok ? sql`SET COMPRESSION lz4` : sql`SET STORAGE EXTERNAL`;
        await sql`ALTER TABLE ${sql.id(schema, "outbox")} ALTER COLUMN data ${how}`.execute(db);
      },
    },
  };
}
