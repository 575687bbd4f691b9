import {
  createLogger,
  type EmbeddedPostgres,
  openServiceDatabase,
  startEmbeddedPostgres,
} from "@dirabot/platform";
import { external, tempDir, uniqueId } from "@dirabot/platform/testing";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { BrowseRepo } from "./browse.repo.ts";
import { createListings } from "./module.ts";

const log = createLogger("silent");

describe("entry dates stored before they were normalised", () => {
  let embedded: EmbeddedPostgres | undefined;
  afterAll(async () => {
    await embedded?.stop();
  });

  it("are rewritten as a day, immediate or unknown, and the filter finds them", async () => {
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), log);
    const url = external.database ?? (embedded as EmbeddedPostgres).url;
    const schema = `listings_entry_${uniqueId()}`;
    const { "0006_entry_date": _added, ...before } = createListings().migrations ?? {};
    const old = await openServiceDatabase({ url, schema, migrations: before, log });
    const texts = ["2026-12-01T00:00:00", "מיידית", "מיידי", "גמיש", "", "2027-02-30", "1/3/2027"];
    for (const [i, t] of texts.entries())
      await sql`INSERT INTO ${sql.id(schema, "listings")} (source, external_id, canonical_id, entry_date, shown)
        VALUES ('yad2', ${`old-${i}`}, gen_random_uuid(), ${t}, true)`.execute(old.db);
    await old.close();

    const migrated = await openServiceDatabase({ url, schema, migrations: createListings().migrations, log });
    try {
      const rows = await migrated.db
        .selectFrom("listings")
        .select(["external_id", "entry_date"])
        .orderBy("external_id")
        .execute();
      expect(rows.map((r) => r.entry_date)).toEqual([
        "2026-12-01",
        "immediate",
        "immediate",
        "",
        "",
        "",
        "2027-03-01",
      ]);
      const browse = new BrowseRepo(migrated.db);
      const { rows: available } = await browse.page({ availableBy: "2027-01-01" }, 0, 20);
      expect(available.map((r) => r.external_id).sort()).toEqual(["old-0", "old-1", "old-2"]);
    } finally {
      await migrated.close();
    }
  }, 60_000);
});
