import {
  createLogger,
  type EmbeddedPostgres,
  openServiceDatabase,
  type ServiceDatabase,
  startEmbeddedPostgres,
} from "@dirabot/platform";
import { external, tempDir, uniqueId } from "@dirabot/platform/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Leases } from "./leases.ts";

const log = createLogger("silent");

describe("leases on units of work", () => {
  let embedded: EmbeddedPostgres | undefined;
  let database: ServiceDatabase;
  let leases: Leases;
  beforeAll(async () => {
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), log);
    const url = external.database ?? (embedded as EmbeddedPostgres).url;
    const schema = `leases_${uniqueId()}`;
    database = await openServiceDatabase({
      url,
      schema,
      migrations: {
        "0001_leases": {
          // The table's shape, as each scraper's migration makes it.
          async up(db) {
            await sql`CREATE TABLE ${sql.id(schema, "work_units")} (unit text PRIMARY KEY,
              source text NOT NULL, next_run_at timestamptz NOT NULL DEFAULT now(), owner text,
              lease_expires_at timestamptz)`.execute(db);
          },
        },
      },
      log,
    });
    leases = new Leases(database.db);
  }, 60_000);
  afterAll(async () => {
    await sql`DROP SCHEMA ${sql.id(database.schema)} CASCADE`.execute(database.db).catch(() => undefined);
    await database?.close();
    await embedded?.stop();
  });

  it("lets one replica at a time hold a unit, until it finishes, hands it back or lets it expire", async () => {
    expect(await leases.claim("city-5000", "yad2", "a", 60_000)).toBe(true);
    expect(await leases.claim("city-5000", "yad2", "b", 60_000)).toBe(false);
    expect(await leases.claim("city-5000", "yad2", "a", 60_000)).toBe(true); // its own already
    expect(await leases.renew("city-5000", "a", 60_000)).toBe(true);
    expect(await leases.renew("city-5000", "b", 60_000)).toBe(false);

    await leases.release("city-5000", "a"); // still due: the next replica takes it at once
    expect(await leases.claim("city-5000", "yad2", "b", 60_000)).toBe(true);
    expect(await leases.renew("city-5000", "a", 60_000)).toBe(false);

    // A holder that died: its lease ends and another replica takes the unit.
    expect(await leases.claim("group-1", "facebook", "a", 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(await leases.claim("group-1", "facebook", "b", 60_000)).toBe(true);
    expect(await leases.renew("group-1", "a", 60_000)).toBe(false);
  });

  it("makes a finished unit due again after its interval, for every replica", async () => {
    expect(await leases.claim("city-70", "yad2", "a", 60_000)).toBe(true);
    const before = Date.now();
    await leases.finish("city-70", "a", 3_600_000);
    expect(await leases.claim("city-70", "yad2", "a", 60_000)).toBe(false);
    expect(await leases.claim("city-70", "yad2", "b", 60_000)).toBe(false);
    const due = (await leases.nextDue(["city-70"])) as Date;
    expect(due.getTime() - before).toBeGreaterThan(3_590_000);
    // A unit never run is due now; a source's next run is its earliest unit's.
    expect(((await leases.nextDue(["city-70", "city-never"])) as Date).getTime()).toBeLessThan(before + 5000);
    expect(await leases.nextRun("nobody")).toBeUndefined();
    expect((await leases.nextRun("yad2"))?.getTime()).toBeLessThanOrEqual(Date.now());

    // Only the holder finishes: another replica's finish leaves the lease as it is.
    expect(await leases.claim("city-71", "yad2", "a", 60_000)).toBe(true);
    await leases.finish("city-71", "b", 0);
    expect(await leases.claim("city-71", "yad2", "b", 60_000)).toBe(false);
    expect(((await leases.nextDue(["city-71"])) as Date).getTime()).toBeGreaterThan(before + 50_000);
  });

  it("gives a contended unit to exactly one of many replicas claiming at once", async () => {
    const owners = Array.from({ length: 8 }, (_, i) => `r${i}`);
    const won = await Promise.all(owners.map((o) => leases.claim("cleaner", "yad2", o, 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
