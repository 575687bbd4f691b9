import { createHmac } from "node:crypto";
import pg from "pg";

/**
 * A PostgreSQL role per service: it owns the service's schema and everything in it, and is given
 * nothing else, so its credentials cannot read or write another service's tables. The roles are
 * made (and existing schemas handed to them) by a one-off step with an administrator's URL; the
 * services then connect, and migrate, as their own role.
 */
export const roleOf = (schema: string) => `dirabot_${schema}`;

/** Extensions a service's migrations use but a plain role may not create (pg_trgm: listings' search). */
const EXTENSIONS = ["pg_trgm"];

/** `url` with another user and password (the administrator's URL → a service's). */
export function urlAs(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/**
 * A role's password derived from the administrator's URL: whoever provisions with the same URL
 * (replicas of a start script, tests started together) gives the role the same password, and
 * nobody without that URL can work it out. An operator may pass passwords of their own instead.
 */
export const derivedPassword = (adminUrl: string, role: string) =>
  createHmac("sha256", adminUrl).update(role).digest("base64url");

/**
 * Makes each schema's role (or sets its password), the schema owned by it, every object already
 * in it handed to it (made by an administrator before), and what an administrator makes there
 * later granted to it. Idempotent; run at every install or upgrade. Answers each schema's URL.
 */
export async function provisionRoles(
  adminUrl: string,
  schemas: string[],
  passwordOf: (role: string) => string = (role) => derivedPassword(adminUrl, role),
): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const urls: Record<string, string> = {};
  try {
    // Provisionings started together (tests, replicas of a job) take turns: role and grant
    // changes at once fail with "tuple concurrently updated".
    await client.query("SELECT pg_advisory_lock(hashtext('dirabot-provision'))");
    const id = (name: string) => client.escapeIdentifier(name);
    for (const ext of EXTENSIONS)
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${id(ext)} WITH SCHEMA public`).catch((err) => {
        // Made by a concurrent provisioning between the check and the create.
        if ((err as { code?: string }).code !== "23505") throw err;
      });
    // Before PostgreSQL 15 everyone could create tables in `public`.
    await client.query("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    const { rows } = await client.query<{ db: string }>("SELECT current_database() AS db");
    for (const schema of schemas) {
      const role = roleOf(schema);
      const password = passwordOf(role);
      await client.query(
        `DO $$ BEGIN CREATE ROLE ${id(role)}; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
      );
      await client.query(
        `ALTER ROLE ${id(role)} LOGIN NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD ${client.escapeLiteral(password)}`,
      );
      // NOSUPERUSER may be said by a superuser only; a role made here never is one.
      const su = await client.query("SELECT rolsuper FROM pg_roles WHERE rolname = $1", [role]);
      if (su.rows[0]?.rolsuper) throw new Error(`${role} is a superuser: not a service's role`);
      // An administrator that is no superuser must be a member to give the role its schema.
      await client.query(`GRANT ${id(role)} TO CURRENT_USER`);
      await client.query(`GRANT CONNECT ON DATABASE ${id(rows[0]?.db as string)} TO ${id(role)}`);
      await handOver(client, schema, role);
      urls[schema] = urlAs(adminUrl, role, password);
    }
  } finally {
    await client.end(); // the session's locks end with it
  }
  return urls;
}

/** The schema and its objects to `role`, under the lock its migrations take (database.ts). */
async function handOver(client: pg.Client, schema: string, role: string): Promise<void> {
  const id = (name: string) => client.escapeIdentifier(name);
  const lock = `dirabot-migrate:${schema}`;
  await client.query("SELECT pg_advisory_lock(hashtext($1))", [lock]);
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${id(schema)} AUTHORIZATION ${id(role)}`);
    await client.query(`ALTER SCHEMA ${id(schema)} OWNER TO ${id(role)}`);
    // Tables first: their serial sequences follow them and may not be given away alone.
    const { rows } = await client.query<{ name: string; kind: string }>(
      `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c
        WHERE c.relnamespace = $1::regnamespace AND c.relkind IN ('r','p','v','m','f','S')
          AND c.relowner <> $2::regrole
        ORDER BY c.relkind IN ('r','p') DESC`,
      [schema, role],
    );
    for (const r of rows)
      await client
        .query(
          `ALTER ${r.kind === "S" ? "SEQUENCE" : r.kind === "v" ? "VIEW" : r.kind === "m" ? "MATERIALIZED VIEW" : "TABLE"} ${id(schema)}.${id(r.name)} OWNER TO ${id(role)}`,
        )
        .catch((err) => {
          // A sequence that belongs to a table went with it.
          if ((err as { code?: string }).code !== "0A000") throw err;
        });
    const types = await client.query<{ name: string }>(
      `SELECT t.typname AS name FROM pg_type t
        WHERE t.typnamespace = $1::regnamespace AND t.typtype IN ('e','d','c') AND t.typrelid = 0
          AND t.typowner <> $2::regrole`,
      [schema, role],
    );
    for (const t of types.rows)
      await client.query(`ALTER TYPE ${id(schema)}.${id(t.name)} OWNER TO ${id(role)}`);
    const routines = await client.query<{ sig: string }>(
      `SELECT p.oid::regprocedure::text AS sig FROM pg_proc p
        WHERE p.pronamespace = $1::regnamespace AND p.proowner <> $2::regrole`,
      [schema, role],
    );
    for (const p of routines.rows) await client.query(`ALTER ROUTINE ${p.sig} OWNER TO ${id(role)}`);
    for (const what of ["TABLES", "SEQUENCES", "FUNCTIONS", "TYPES"])
      await client.query(
        `ALTER DEFAULT PRIVILEGES IN SCHEMA ${id(schema)} GRANT ALL ON ${what} TO ${id(role)}`,
      );
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [lock]);
  }
}
