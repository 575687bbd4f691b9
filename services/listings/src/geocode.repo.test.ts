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
import { GeocodeRepo } from "./geocode.repo.ts";
import { createListings } from "./module.ts";

const log = createLogger("silent");
const place = (n: number) => [{ lat: 32 + n / 1000, lon: 34.78, displayName: `place ${n}` }];

describe("the geocoder's cache stays within its bound", () => {
  let embedded: EmbeddedPostgres | undefined;
  let db: ServiceDatabase;
  beforeAll(async () => {
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), log);
    const url = external.database ?? (embedded as EmbeddedPostgres).url;
    const schema = `listings_${uniqueId()}`;
    db = await openServiceDatabase({ url, schema, migrations: createListings({ schema }).migrations, log });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await embedded?.stop();
  });

  it("keeps the most recently fetched rows, none older than its days", async () => {
    const repo = new GeocodeRepo(db.db);
    const bound = { rows: 3, days: 30 };
    for (let n = 1; n <= 5; n++) await repo.put(`street ${n}`, place(n), bound);
    const rows = await db.db.selectFrom("geocode_cache").select("query").orderBy("query").execute();
    expect(rows.map((r) => r.query)).toEqual(["street 3", "street 4", "street 5"]);
    expect(await repo.get("street 5", 30)).toEqual(place(5));
    expect(await repo.get("street 1", 30)).toBeUndefined();

    // An answer past its days goes at the next write, whatever the room left.
    await db.db
      .updateTable("geocode_cache")
      .set({ fetched_at: sql<Date>`now() - interval '31 days'` })
      .where("query", "=", "street 3")
      .execute();
    await repo.put("street 4", place(4), { rows: 10, days: 30 });
    const left = await db.db.selectFrom("geocode_cache").select("query").orderBy("query").execute();
    expect(left.map((r) => r.query)).toEqual(["street 4", "street 5"]);
  });
});
