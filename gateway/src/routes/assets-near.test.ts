import { uniqueId } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/**
 * "Near my places" on the list: GET /api/assets?nearKm= keeps the listings within that many km of
 * any of the reader's saved places; without places it changes nothing.
 */
const KM_PER_DEG = (6371.0088 * Math.PI) / 180;
const WORK = { lat: 32.0853, lon: 34.7818 };
const PARENTS = { lat: 31.7683, lon: 35.2137 };
const north = (from: { lat: number; lon: number }, km: number) => ({
  lat: from.lat + km / KM_PER_DEG,
  lon: from.lon,
});

type Api = Awaited<ReturnType<typeof startApi>>;

describe("GET /api/assets?nearKm=", () => {
  let api: Api;
  let dana: Person;
  let eli: Person;
  const tag = uniqueId();
  beforeAll(async () => {
    api = await startApi("near");
    [dana, eli] = await Promise.all([api.register("Dana"), api.register("Eli")]);
    const at = {
      near: north(WORK, 2.5),
      far: north(WORK, 3.5),
      jerusalem: north(PARENTS, -1),
    };
    await api.listings.ingest({
      listings: Object.entries(at).map(([name, point]) => ({
        source: "yad2",
        externalId: `${tag}-${name}`,
        description: `דירה ${tag} ${name}`,
        price: 6000,
        rooms: 3,
        ...point,
      })),
    });
    const r = await api.call("PATCH", `/api/users/${dana.id}`, {
      token: dana.token,
      body: {
        places: [
          { name: "Work", ...WORK },
          { name: "Parents", ...PARENTS },
        ],
      },
    });
    expect(r.status).toBe(200);
  });
  afterAll(() => api?.stop());

  const list = (who: Person | undefined, query: string, headers?: Record<string, string>) =>
    api.call("GET", `/api/assets?searchText=${tag}&${query}`, { token: who?.token, headers });
  const names = (body: Json) =>
    (body.assets as Json[]).map((a) => String(a.description).split(" ").pop()).sort();

  it("keeps only the flats within the km of any of the reader's places, counted", async () => {
    const r = await list(dana, "nearKm=3");
    expect(r.status).toBe(200);
    // 2.5 km from work is in, 3.5 km is out, 1 km from the parents' is in.
    expect(names(r.body)).toEqual(["jerusalem", "near"]);
    expect(r.body.pagination).toMatchObject({ total: 2, pages: 1, totalExact: true });
    expect(names((await list(dana, "nearKm=5")).body)).toEqual(["far", "jerusalem", "near"]);
  });

  it("ignores nearKm for a reader without places", async () => {
    const r = await list(eli, "nearKm=3");
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(["far", "jerusalem", "near"]);
  });

  it("refuses a distance the map does not offer, in the caller's language", async () => {
    for (const bad of ["4", "0", "-1", "abc", "3.5", "100"]) {
      const r = await list(dana, `nearKm=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body).toEqual({
        message: "nearKm must be one of 1, 2, 3, 5, 10, 20 or 30 (km)",
        code: "invalid_argument",
      });
    }
    // A signed-in reader reads refusals in their account's language.
    await api.call("PATCH", `/api/users/${eli.id}`, { token: eli.token, body: { locale: "he" } });
    const he = await list(eli, "nearKm=4");
    expect(he.status).toBe(400);
    expect(he.body.message).toMatch(/nearKm/);
    expect(he.body.message).toMatch(/[\u0590-\u05FF]/);
    const twice = await list(dana, "nearKm=3&nearKm=5");
    expect(twice.status).toBe(400);
  });

  it("answers a visitor 401, near or not", async () => {
    const r = await list(undefined, "nearKm=3");
    expect(r.status).toBe(401);
  });
});
