import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { external, tempDir, uniqueId } from "../../test/helpers.ts";
import { createLogger } from "../logger.ts";
import { openServiceDatabase, type ServiceDatabase } from "./database.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded.ts";
import { OwnSchemaDialect } from "./own-schema.ts";

const log = createLogger("silent");

describe("a service's database sees only its own schema", () => {
  let embedded: EmbeddedPostgres | undefined;
  let url: string;
  const opened: ServiceDatabase[] = [];
  const open = async (schema: string) => {
    const database = await openServiceDatabase({
      url,
      schema,
      migrations: {
        "0001_notes": {
          async up(db) {
            await sql`CREATE TABLE ${sql.id(schema, "notes")} (body text)`.execute(db);
          },
        },
      },
      log,
    });
    opened.push(database);
    return database;
  };
  beforeAll(async () => {
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), log);
    url = external.database ?? (embedded as EmbeddedPostgres).url;
  }, 60_000);
  afterAll(async () => {
    for (const database of opened) {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(database.schema)} CASCADE`
        .execute(database.db)
        .catch(() => undefined);
      await database.close();
    }
    await embedded?.stop();
  });

  it("lists its own tables and migration records to the migrator, never another service's", async () => {
    const mine = await open(`own_${uniqueId()}`);
    const theirs = await open(`other_${uniqueId()}`);
    // As the migrator sees them (database.ts); not destroyed: the pool is the service's.
    const migrators = new Kysely({ dialect: new OwnSchemaDialect({ pool: mine.pool }, mine.schema) });
    const tables = await migrators.introspection.getTables();
    // The platform's inbox and outbox, Kysely's records and the service's own table.
    expect(tables.map((t) => `${t.schema}.${t.name}`).sort()).toEqual(
      ["inbox", "kysely_migration", "kysely_migration_lock", "notes", "outbox"].map(
        (n) => `${mine.schema}.${n}`,
      ),
    );
    expect(tables.some((t) => t.schema === theirs.schema)).toBe(false);
  });

  it("migrates while other schemas are made and dropped around it", async () => {
    const admin = opened[0] ?? (await open(`own_${uniqueId()}`));
    let churning = true;
    const churn = (async () => {
      // What parallel test files do on a shared server: throwaway schemas come and go.
      while (churning) {
        const name = `churn_${uniqueId()}`;
        await sql`CREATE SCHEMA ${sql.id(name)}`.execute(admin.db);
        await sql`CREATE TABLE ${sql.id(name, "t")} (a int, b text, c serial)`.execute(admin.db);
        await sql`DROP SCHEMA ${sql.id(name)} CASCADE`.execute(admin.db);
      }
    })();
    try {
      for (let i = 0; i < 10; i++) {
        const database = await open(`race_${uniqueId()}`);
        await database.db.insertInto("notes").values({ body: "migrated" }).execute();
      }
    } finally {
      churning = false;
      await churn;
    }
  }, 60_000);
});
