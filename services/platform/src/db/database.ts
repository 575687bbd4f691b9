import { Kysely, type Migration, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Logger } from "../logger.ts";
import { pgConfig } from "./in-process.ts";
import { OwnSchemaDialect } from "./own-schema.ts";
import { platformMigrations } from "./platform-migrations.ts";
import type { AnyDb } from "./types.ts";

// BIGINT (count(*), bigserial) as a JS number: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface ServiceDatabase {
  /** Kysely bound to the service's own schema: table names need no prefix. */
  db: AnyDb;
  schema: string;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens a service's pool and runs its migrations (the platform's outbox/inbox first).
 * Tables are always schema-qualified: the embedded engine shares one session setting for all
 * connections, so search_path cannot be relied on.
 */
export async function openServiceDatabase(opts: {
  url: string;
  schema: string;
  migrations?: Record<string, Migration>;
  log: Logger;
  poolSize?: number;
}): Promise<ServiceDatabase> {
  const pool = new pg.Pool({
    ...pgConfig(opts.url), // the embedded database's URL becomes in-memory connections
    max: opts.poolSize ?? 5,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", (err) => opts.log.warn({ err }, "idle database connection failed"));
  const root = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) });
  // Replicas starting together migrate one at a time: an advisory lock per schema, held on its
  // own connection for the whole run (CREATE SCHEMA and Kysely's lock table can race otherwise).
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock(hashtext($1))", [`dirabot-migrate:${opts.schema}`]);
    await migrate(root, { ...opts, pool });
  } catch (err) {
    lockClient.release();
    await root.destroy();
    throw err;
  }
  await lockClient.query("SELECT pg_advisory_unlock(hashtext($1))", [`dirabot-migrate:${opts.schema}`]);
  lockClient.release();
  return {
    db: root.withSchema(opts.schema),
    schema: opts.schema,
    pool,
    close: () => root.destroy(),
  };
}

async function migrate(
  root: AnyDb,
  opts: { schema: string; migrations?: Record<string, Migration>; log: Logger; pool: pg.Pool },
) {
  // A service's own role (pg-roles.ts) may not create schemas, even with IF NOT EXISTS: its
  // schema was made for it.
  const made = await sql`SELECT 1 FROM pg_namespace WHERE nspname = ${opts.schema}`.execute(root);
  if (made.rows.length === 0) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(opts.schema)}`.execute(root);
  // The migrator looks for its own tables through an introspector that sees only this schema
  // (own-schema.ts); the service's Kysely keeps the full one (kysely-codegen reads its columns).
  // Both ride the same pool, which root's destroy() ends.
  const own = new Kysely<Record<string, never>>({
    dialect: new OwnSchemaDialect({ pool: opts.pool }, opts.schema),
  });
  const migrator = new Migrator({
    db: own.withSchema(opts.schema),
    migrationTableSchema: opts.schema,
    // The platform's migrations (platform-migrations.ts) sort first by name, yet one added later
    // runs after the service's own on a database made before it.
    allowUnorderedMigrations: true,
    provider: {
      getMigrations: async () => ({ ...platformMigrations(opts.schema), ...(opts.migrations ?? {}) }),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) opts.log.info({ migration: r.migrationName, status: r.status }, "migration");
  if (error) throw error;
}
