import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/**
 * GET /api/assets/price-band through real HTTP: listings ingested into the real listings service,
 * in two neighbourhoods no other listing of the database is in (checked first: it may be shared).
 */
let api: Awaited<ReturnType<typeof startApi>>;
let me: Person;
let areas: [number, number];
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

const band = (query: string) => api.call("GET", `/api/assets/price-band?${query}`, { token: me.token });

beforeAll(async () => {
  api = await startApi("price-band");
  me = await api.register("Band");
  const options = (await api.call("GET", "/api/requests/neighborhoods")).body as unknown as {
    code: number;
  }[];
  // Two empty areas from the long tail of the list (other tests seed the big cities).
  const empty: number[] = [];
  for (const { code } of [...options].reverse()) {
    if ((await band(`neighborhoodCodes=${code}`)).body.count === 0) empty.push(code);
    if (empty.length === 2) break;
  }
  areas = [empty[0] as number, empty[1] as number];
  const flat = (n: number, code: number, price: number, rooms: number, kind?: string) => ({
    source: "yad2",
    externalId: `band-${run}-${n}`,
    description: `price band ${run} ${n}`,
    neighborhoodCode: code,
    price,
    rooms,
    ...(kind ? { kind } : {}),
  });
  await api.listings.ingest({
    listings: [
      // In the first area, 3 rooms and up: 4000, 5000, 6000, 7000, 8000.
      flat(1, areas[0], 4000, 3),
      flat(2, areas[0], 5000, 3.5),
      flat(3, areas[0], 6000, 4),
      flat(4, areas[1], 7000, 3),
      flat(5, areas[1], 8000, 5),
      // Not similar: fewer rooms, no price, a room in a shared flat, a sublet.
      flat(6, areas[0], 2000, 2),
      flat(7, areas[0], 0, 3),
      flat(8, areas[0], 1500, 3, "room"),
      flat(9, areas[1], 30000, 3, "sublet"),
    ],
  });
});
afterAll(async () => api?.stop());

describe("GET /api/assets/price-band", () => {
  it("answers the 25th–75th percentile of similar flats' prices in the areas", async () => {
    const r = await band(`neighborhoodCodes=${areas.join(",")}&rooms=3`);
    expect(r).toMatchObject({ status: 200, body: { low: 5000, high: 7000, count: 5 } });
    const one = await band(`neighborhoodCodes=${areas[0]}&rooms=3`);
    expect(one.body).toEqual({ low: 4500, high: 5500, count: 3 });
    // rooms defaults to 1: the 2-room flat joins.
    expect((await band(`neighborhoodCodes=${areas[0]}`)).body).toMatchObject({ count: 4 });
  });

  it("answers an empty band where there is nothing to compare", async () => {
    const r = await band(`neighborhoodCodes=${areas[1]}&rooms=10`);
    expect(r).toMatchObject({ status: 200, body: { low: null, high: null, count: 0 } });
  });

  it("refuses malformed areas or rooms with a clear message, and a caller not signed in", async () => {
    const CODES = "neighborhoodCodes must be 1 to 50 neighbourhood codes, comma-separated whole numbers";
    const ROOMS = "rooms must be a whole number from 1 to 10";
    const cases: [string, string][] = [
      ["", CODES],
      ["neighborhoodCodes=", CODES],
      ["neighborhoodCodes=abc", CODES],
      ["neighborhoodCodes=1,,2", CODES],
      [`neighborhoodCodes=${Array.from({ length: 51 }, (_, i) => i + 1).join(",")}`, CODES],
      ["neighborhoodCodes=99999999999", CODES],
      ["neighborhoodCodes=1&neighborhoodCodes=2", "neighborhoodCodes must be given once"],
      ["neighborhoodCodes=1&rooms=0", ROOMS],
      ["neighborhoodCodes=1&rooms=11", ROOMS],
      ["neighborhoodCodes=1&rooms=2.5", ROOMS],
    ];
    for (const [query, message] of cases) {
      const r = await band(query);
      expect(r.status, query).toBe(400);
      expect(r.body as Json, query).toEqual({ message, code: "invalid_argument" });
    }
    const anonymous = await api.call("GET", `/api/assets/price-band?neighborhoodCodes=${areas[0]}`);
    expect(anonymous.status).toBe(401);
  });
});
