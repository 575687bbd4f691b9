import { Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { uniqueId } from "../../test/helpers.ts";
import { serviceDatabases } from "../../test/service-databases.ts";
import { OwnSchemaDialect } from "./own-schema.ts";

describe("a service's database sees only its own schema", () => {
  const { open } = serviceDatabases();

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
    const admin = await open(`own_${uniqueId()}`);
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
