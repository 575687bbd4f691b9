import {
  createLogger,
  type EmbeddedPostgres,
  openServiceDatabase,
  startEmbeddedPostgres,
} from "@dirabot/platform";
import { external, tempDir, uniqueId } from "@dirabot/platform/testing";
import { Leases } from "@dirabot/scraping";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createScraperFacebook } from "./module.ts";
import { SOURCE } from "./scraper.service.ts";

const log = createLogger("silent");

describe("the groups' leases moved to the lease table", () => {
  let embedded: EmbeddedPostgres | undefined;
  afterAll(async () => {
    await embedded?.stop();
  });

  it("keeps every lease as it was: a group being read stays with its reader, an expired one is free", async () => {
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), log);
    const url = external.database ?? (embedded as EmbeddedPostgres).url;
    const schema = `fb_leases_${uniqueId()}`;
    const { "0003_leases": _moved, ...before } = createScraperFacebook().migrations ?? {};
    const old = await openServiceDatabase({ url, schema, migrations: before, log });
    await sql`INSERT INTO ${sql.id(schema, "group_leases")} (group_id, holder, expires_at) VALUES
      ('reading', 'replica-a', now() + interval '5 minutes'),
      ('crashed', 'replica-b', now() - interval '1 minute')`.execute(old.db);
    await old.close();

    const migrated = await openServiceDatabase({
      url,
      schema,
      migrations: createScraperFacebook().migrations,
      log,
    });
    try {
      const rows = await migrated.db
        .selectFrom("work_units")
        .select(["unit", "source", "owner"])
        .orderBy("unit")
        .execute();
      expect(rows).toEqual([
        { unit: "crashed", source: SOURCE, owner: "replica-b" },
        { unit: "reading", source: SOURCE, owner: "replica-a" },
      ]);
      const leases = new Leases(migrated.db);
      expect(await leases.claim("reading", SOURCE, "replica-c", 60_000)).toBe(false);
      expect(await leases.claim("reading", SOURCE, "replica-a", 60_000)).toBe(true);
      expect(await leases.claim("crashed", SOURCE, "replica-c", 60_000)).toBe(true);
      expect(await leases.claim("never-read", SOURCE, "replica-c", 60_000)).toBe(true);
      const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_schema = ${schema} AND table_name = 'group_leases'`.execute(migrated.db);
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      // The schema stays, as every test's does: dropping it while other test processes' migrators
      // list the shared database's tables fails their listing ("schema does not exist").
      await migrated.close();
    }
  }, 60_000);
});
