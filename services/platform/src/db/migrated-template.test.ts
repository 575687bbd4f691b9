import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers.ts";
import { createLogger } from "../logger.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded.ts";
import { pgConfig } from "./in-process.ts";
import { makeMigratedTemplate, migratedCluster, migrationsKey, type Schemas } from "./migrated-template.ts";
import type { AnyDb } from "./types.ts";

const log = createLogger("silent");

// A fixed probe schema: the same key on every run, so the cache holds one copy of it.
const probe = (up: (db: AnyDb) => Promise<void>): Schemas[] => [
  { schema: "template_probe", migrations: { "0001_notes": { up } } },
];
const withBody = async (db: AnyDb) => {
  await db.schema.createTable("notes").addColumn("body", "text").execute();
};
const withText = async (db: AnyDb) => {
  await db.schema.createTable("notes").addColumn("text", "text").execute();
};

describe("the migrated database template", () => {
  let running: EmbeddedPostgres | undefined;
  afterAll(async () => {
    await running?.stop();
  });

  it("starts a fresh data folder with the schemas already made, only for exactly those migrations", async () => {
    expect(await makeMigratedTemplate(probe(withBody), log)).toBe(true);
    const key = migrationsKey(probe(withBody));
    // Changed migration code is another key: a start never uses a copy made from older code.
    expect(migrationsKey(probe(withText))).not.toBe(key);
    expect(migratedCluster(migrationsKey(probe(withText)))).toBeUndefined();

    running = await startEmbeddedPostgres(tempDir(), log, migratedCluster(key));
    const client = new pg.Client(pgConfig(running.url));
    await client.connect();
    try {
      await client.query("INSERT INTO template_probe.notes (body) VALUES ('hello')");
      const applied = await client.query("SELECT name FROM template_probe.kysely_migration ORDER BY name");
      expect(applied.rows.map((r) => r.name)).toContain("0001_notes");
    } finally {
      await client.end();
    }
  }, 120_000);
});
