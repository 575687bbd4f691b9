import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/**
 * The facts renters filter on through real HTTP: listings ingested through the listings service
 * as the scrapers do, read as the SPA reads them; bots' must-haves and inclusions saved and read.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let me: Person;
let codes: number[];
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const tag = `facts${run}`;
const phone = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi("facts");
  me = await api.register("Fay");
  const options = await api.call("GET", "/api/requests/neighborhoods");
  codes = (options.body as unknown as { code: number }[]).slice(0, 2).map((o) => o.code);
  const flat = { city: "תל אביב יפו", rooms: 3, price: 7100, phone, images: [] as string[] };
  const seed = {
    // One flat on two sources: Yad2 knows the safe room, the post the parking (and says no safe room).
    yad2: {
      ...flat,
      source: "yad2",
      description: `${tag} דירה`,
      facts: { safeRoom: true, elevator: false },
    },
    post: {
      ...flat,
      source: "facebook",
      description: `${tag} פוסט`,
      facts: { safeRoom: false, parking: true },
    },
    sublet: {
      source: "facebook",
      description: `${tag} סאבלט`,
      kind: "sublet",
      price: 4200,
      phone: "",
      images: [],
    },
  };
  for (const [k, v] of Object.entries(seed)) {
    const { outcomes } = await api.listings.ingest({ listings: [{ ...v, externalId: `${run}-${k}` }] });
    ids[k] = outcomes[0]?.id as string;
  }
});
afterAll(async () => api?.stop());

const NONE = {
  safeRoom: null,
  parking: null,
  elevator: null,
  balcony: null,
  furnished: null,
  pets: null,
  airConditioning: null,
  accessible: null,
};

describe("facts and term on /api/assets", () => {
  it("the list carries each listing's own facts (true, false or null) and its term", async () => {
    const r = await api.call("GET", `/api/assets?searchText=${tag}&limit=50`, { token: me.token });
    expect(r.status).toBe(200);
    const byId = new Map((r.body.assets as Json[]).map((a) => [a._id, a]));
    // Duplicates show once (the group's newest), so the two sources' facts are looked up by detail.
    const sublet = byId.get(ids.sublet);
    expect(sublet).toMatchObject({ facts: NONE, term: "sublet" });
    const shown = byId.get(ids.post) ?? byId.get(ids.yad2);
    expect(shown?.term).toBe("long");
    expect(Object.keys(shown?.facts ?? {}).sort()).toEqual(Object.keys(NONE).sort());
  });

  it("one asset carries its duplicate group's facts: its own word first, a known value beats unknown", async () => {
    const yad2 = await api.call("GET", `/api/assets/${ids.yad2}`, { token: me.token });
    expect(yad2.status).toBe(200);
    expect(yad2.body.sources).toHaveLength(2);
    expect(yad2.body).toMatchObject({
      term: "long",
      facts: { ...NONE, safeRoom: true, elevator: false, parking: true },
    });
    const post = await api.call("GET", `/api/assets/${ids.post}`, { token: me.token });
    expect(post.body.facts).toEqual({ ...NONE, safeRoom: false, elevator: false, parking: true });
  });
});

describe("filters and include on /api/requests", () => {
  const create = (body: Json) => api.call("POST", "/api/requests/website-create", { token: me.token, body });
  const form = (bot: Json, change: Json = {}) => ({
    ...bot,
    isActive: true,
    neighborhoodCodes: codes,
    priceLimit: [3000, 9000],
    rooms: 2,
    merchant: null,
    ...change,
  });

  it("a new bot has no must-haves and gets whole flats for long-term rent only", async () => {
    const r = await create({ botName: "Defaults" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      filters: { safeRoom: null, parking: null, elevator: null },
      include: { rooms: false, sublets: false },
    });
  });

  it("creates with must-haves and inclusions, saves new ones, keeps them when the form leaves them out", async () => {
    const made = await create({
      botName: "Safe",
      filters: { safeRoom: true, parking: null },
      include: { sublets: true },
    });
    expect(made.body).toMatchObject({
      filters: { safeRoom: true, parking: null, elevator: null },
      include: { rooms: false, sublets: true },
    });
    const id = made.body._id;
    const saved = await api.call("PATCH", `/api/requests/${id}`, {
      token: me.token,
      body: form(made.body, {
        filters: { safeRoom: null, parking: true, elevator: true },
        include: { rooms: true, sublets: false },
      }),
    });
    expect(saved.status).toBe(200);
    const again = await api.call("GET", `/api/requests/${id}`, { token: me.token });
    expect(again.body).toMatchObject({
      filters: { safeRoom: null, parking: true, elevator: true },
      include: { rooms: true, sublets: false },
    });
    const { filters: _f, include: _i, ...rest } = again.body;
    const kept = await api.call("PATCH", `/api/requests/${id}`, { token: me.token, body: form(rest) });
    expect(kept.body).toMatchObject({
      filters: { safeRoom: null, parking: true, elevator: true },
      include: { rooms: true, sublets: false },
    });
  });

  it("refuses a bad filters or include value with a clear message, and a NUL", async () => {
    const bot = (await create({ botName: "Strict" })).body;
    const patch = async (change: Json) =>
      api.call("PATCH", `/api/requests/${bot._id}`, { token: me.token, body: form(bot, change) });
    const cases: [Json, string][] = [
      [{ filters: { safeRoom: false } }, "filters.safeRoom must be true (must have) or null (any)"],
      [{ filters: { parking: "yes" } }, "filters.parking must be true (must have) or null (any)"],
      [{ filters: { pool: true } }, "filters must be {safeRoom, parking, elevator}, each true or null"],
      [{ filters: [true] }, "filters must be {safeRoom, parking, elevator}, each true or null"],
      [{ include: { rooms: "true" } }, "include.rooms must be true or false"],
      [{ include: { sublets: null } }, "include.sublets must be true or false"],
      [{ include: true }, "include must be {rooms, sublets}, each true or false"],
    ];
    for (const [change, message] of cases) {
      const r = await patch(change);
      expect(r, JSON.stringify(change)).toMatchObject({ status: 400, body: { message } });
    }
    const created = await create({ botName: "x", include: { rooms: 1 } });
    expect(created).toMatchObject({ status: 400, body: { message: "include.rooms must be true or false" } });
    const nul = await api.call("PATCH", `/api/requests/${bot._id}`, {
      token: me.token,
      raw: JSON.stringify(form(bot, { filters: { safeRoom: true } })).replace(
        '"filters"',
        '"filters\\u0000"',
      ),
    });
    expect(nul.status).toBe(400);
  });
});
