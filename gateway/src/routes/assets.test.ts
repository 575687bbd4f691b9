import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { fetchAsVisitor, trustedTransport } from "@dirabot/platform/testing";
import { type ListingInputSchema, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateway } from "../index.ts";

/**
 * Browsing listings as the SPA does: listings seeded through the real listings service's Ingest
 * on the launched process, then every filter through HTTP. The database may be shared with other
 * runs, so every query is narrowed by this run's own tag (a random Hebrew word in the text).
 */
let running: Running;
let base: string;
let token: string;
const HEB = "אבגדהוזחטיכלמנסעפצקרשת";
const hebrewWord = () => Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => HEB[b % 22]).join("");
const tag = hebrewWord();
const street = hebrewWord(); // only listing A's street
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
// Prices and points move a little per run, so no listing of another run looks like ours.
const bump = Math.floor(Math.random() * 90) + 1;
const jitter = (Math.random() - 0.5) / 2000;
const ids: Record<string, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
type Json = Record<string, any>;
async function get(url: string, auth: string | null = token): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}${url}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
  return { status: res.status, body: (await res.json()) as Json };
}
const q = (params: Record<string, string | number | boolean>) =>
  `/api/assets?${new URLSearchParams(Object.entries({ searchText: tag, ...params }).map(([k, v]): [string, string] => [k, String(v)]))}`;
/** Which of this run's listings (A–E) a query returns, in order. */
async function names(params: Record<string, string | number | boolean>): Promise<string[]> {
  const r = await get(q(params));
  expect(r.status).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return (r.body.assets as Json[]).map((a) => byId[a._id] ?? `other:${a._id}`);
}
const sorted = async (params: Record<string, string | number | boolean>) => (await names(params)).sort();

beforeAll(async () => {
  const settings = loadSettings({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SERVICES: "identity,listings,gateway",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-assets-")),
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    NATS_URL: process.env.TEST_NATS_URL,
    SERVICE_SECRET: process.env.SERVICE_SECRET,
  });
  running = await launch(settings, [identity, listings], gateway());
  base = `http://127.0.0.1:${running.port}`;
  const reg = await fetchAsVisitor(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstname: "Dana",
      lastname: "Mizrahi",
      email: `assets-${run}@example.com`,
      password: "secret1",
    }),
  });
  token = ((await reg.json()) as Json).token;

  const client = createClient(ListingsService, trustedTransport(running));
  const common = { source: "yad2", city: "תל אביב יפו", images: [] as string[] };
  const seed = {
    A: {
      ...common,
      street,
      houseNumber: "12",
      description: `דירת 2 חדרים משופצת ${tag} מרפסת שמש`,
      rooms: 2,
      size: 55,
      floor: 3,
      price: 5000 + bump,
      merchant: false,
      lat: 32.0575 + jitter,
      lon: 34.7685 + jitter,
      phone: "",
      images: ["https://img.yad2.co.il/a1.jpeg", "https://img.yad2.co.il/a2.jpeg"],
      link: "https://www.yad2.co.il/realestate/item/a",
      entryDate: "מיידית",
    },
    B: {
      ...common,
      street: "ארלוזורוב",
      description: `${tag} דירה בצפון הישן`,
      rooms: 3.5,
      size: 80,
      floor: 0,
      price: 7500 + bump,
      merchant: true,
      lat: 32.09 + jitter,
      lon: 34.776 + jitter,
      entryDate: "2027-05-01T00:00:00",
    },
    C: {
      ...common,
      city: "רמת גן",
      street: "ביאליק",
      description: `${tag} ליד הבורסה`,
      rooms: 4,
      size: 95,
      floor: 7,
      price: 9000 + bump,
      merchant: false,
      lat: 32.083 + jitter,
      lon: 34.812 + jitter,
      entryDate: "גמיש",
    },
    D: { ...common, street: "יפת", description: `${tag} בלי מחיר ובלי מיקום`, rooms: 1, price: 0 },
    E: {
      ...common,
      street: "העלייה",
      description: `${tag} פלורנטין גדולה`,
      rooms: 5,
      size: 120,
      floor: 2,
      price: 12000 + bump,
      merchant: true,
      lat: 32.0582 + jitter,
      lon: 34.77 + jitter,
    },
  };
  const { outcomes } = await client.ingest({
    listings: Object.entries(seed).map(([k, v]) => ({ ...v, externalId: `${run}-${k}` })),
  });
  for (const [i, k] of Object.keys(seed).entries()) ids[k] = outcomes[i]?.id as string;
});
afterAll(async () => running?.stop());

/** Listings' ingest, for a test that changes what a source says. */
const ingest = (...listings: MessageInitShape<typeof ListingInputSchema>[]) =>
  createClient(ListingsService, trustedTransport(running)).ingest({ listings });

describe("GET /api/assets", () => {
  it("finds listings by Hebrew text in the description or the street", async () => {
    expect(await sorted({})).toEqual(["A", "B", "C", "D", "E"]);
    expect(await names({ searchText: street })).toEqual(["A"]);
    expect(await names({ searchText: `${tag}${street}` })).toEqual([]);
    expect(await names({ searchText: `  ${street}  ` })).toEqual(["A"]);
  });

  it("filters by rooms, price range and merchant, and combines them", async () => {
    expect(await sorted({ minRooms: 3.5 })).toEqual(["B", "C", "E"]);
    expect(await sorted({ minRooms: 4 })).toEqual(["C", "E"]);
    expect(await sorted({ priceRange: JSON.stringify([5000, 9100]) })).toEqual(["A", "B", "C"]);
    expect(await sorted({ priceRange: JSON.stringify([5000 + bump, 5000 + bump]) })).toEqual(["A"]);
    expect(await sorted({ merchant: true })).toEqual(["B", "E"]);
    expect(await sorted({ merchant: false })).toEqual(["A", "C"]);
    expect(await sorted({ merchant: true, minRooms: 4, priceRange: "[0, 20000]" })).toEqual(["E"]);
  });

  it("filters by any of several neighbourhoods, as the list's area picker does", async () => {
    const a = (await get(`/api/assets/${ids.A}`)).body.neighborhoodCode;
    const b = (await get(`/api/assets/${ids.B}`)).body.neighborhoodCode;
    expect(await sorted({ neighborhoodCodes: `${a}` })).toEqual(
      (await sorted({ neighborhoodCode: a })).sort(),
    );
    const both = await sorted({ neighborhoodCodes: `${a},${b}` });
    expect(both).toEqual(expect.arrayContaining(["A", "B"]));
    expect(both).not.toContain("C");
  });

  it("filters by neighbourhood code, as a click on the map's area does", async () => {
    const a = await get(`/api/assets/${ids.A}`);
    const code = a.body.neighborhoodCode;
    expect(typeof code).toBe("number");
    expect(await sorted({ neighborhoodCode: code })).toEqual(["A", "E"]);
  });

  it("map view: only listings with a point, inside the bounds, any two opposite corners", async () => {
    expect(await sorted({ isMapView: true })).toEqual(["A", "B", "C", "E"]);
    const sw = [34.76, 32.05];
    const ne = [34.78, 32.065];
    expect(await sorted({ isMapView: true, bounds: JSON.stringify([sw, ne]) })).toEqual(["A", "E"]);
    expect(await sorted({ isMapView: true, bounds: JSON.stringify([ne, sw]) })).toEqual(["A", "E"]);
    const nw = [34.76, 32.065];
    const se = [34.78, 32.05];
    expect(await sorted({ isMapView: true, bounds: JSON.stringify([nw, se]) })).toEqual(["A", "E"]);
    const r = await get(q({ isMapView: true, limit: 2 }));
    expect(r.body.assets).toHaveLength(2);
    expect(r.body.pagination).toMatchObject({ limit: 2, total: 4 });
    // Every listing in view as a point, whatever the limit of full answers.
    const points = r.body.clusters as Json[];
    expect(points.map((c) => c.count)).toEqual([1, 1, 1, 1]);
    expect(points.map((c) => c.id).sort()).toEqual([ids.A, ids.B, ids.C, ids.E].sort());
    const a = points.find((c) => c.id === ids.A);
    const full = (await get(`/api/assets/${ids.A}`)).body;
    expect(a).toEqual({
      id: ids.A,
      lon: full.coordinates.coordinates[0],
      lat: full.coordinates.coordinates[1],
      count: 1,
      price: full.price,
    });
    expect((await get(q({}))).body.clusters).toBeUndefined();
  });

  it("pages with totals: newest first, every listing once", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => get(q({ limit: 2, page }))));
    expect(pages.map((p) => p.body.assets.length)).toEqual([2, 2, 1, 0]);
    for (const p of pages)
      expect(p.body.pagination).toEqual({
        total: 5,
        limit: 2,
        page: expect.any(Number),
        pages: 3,
        totalExact: true,
      });
    const seen = pages.flatMap((p) => p.body.assets.map((a: Json) => a._id));
    expect(new Set(seen).size).toBe(5);
    const first = await get(q({}));
    expect(first.body.pagination).toEqual({ total: 5, limit: 12, page: 1, pages: 1, totalExact: true });
  });

  it("refuses malformed filters with a message naming the parameter", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ priceRange: "5000-7000" }, "priceRange must be a JSON array [min, max]"],
      [{ priceRange: "[7000, 5000]" }, "priceRange min must not be above max"],
      [{ priceRange: '["a", 5]' }, "priceRange must be a JSON array [min, max]"],
      [{ bounds: "[[34.7,32.0]]" }, "bounds must be a JSON array of two corners [[lon, lat], [lon, lat]]"],
      [{ bounds: "[[34.7,32.0],[34.8" }, "bounds must be a JSON array of two corners"],
      [{ bounds: "[[34.7,132.0],[34.8,32.1]]" }, "latitudes -90..90"],
      [{ page: "0" }, "page must be a whole number of at least 1"],
      [{ limit: "500" }, "limit must be a whole number from 1 to 200"],
      [{ minRooms: "many" }, "minRooms must be a number from 0 to 20"],
      [{ neighborhoodCode: "florentin" }, "neighborhoodCode must be a whole number"],
      [{ merchant: "maybe" }, "merchant must be true or false"],
      [{ isMapView: "1" }, "isMapView must be true or false"],
      [{ searchText: "א".repeat(201) }, "searchText must be at most 200 characters"],
    ];
    for (const [params, message] of cases) {
      const r = await get(`/api/assets?${new URLSearchParams(params)}`);
      expect({ params, status: r.status, code: r.body.code }).toEqual({
        params,
        status: 400,
        code: "invalid_argument",
      });
      expect(r.body.message).toContain(message);
    }
    const twice = await get("/api/assets?page=1&page=2");
    expect(twice.body).toEqual({ message: "page must be given once", code: "invalid_argument" });
  });

  it("needs a signed-in user", async () => {
    for (const url of ["/api/assets", "/api/assets/count", `/api/assets/${ids.A}`])
      expect(await get(url, null)).toEqual({
        status: 401,
        body: { message: "Authentication required", code: "unauthenticated" },
      });
  });
});

describe("GET /api/assets: sort and availableBy", () => {
  it("sorts by price both ways and by price per m², a flat without the figure last", async () => {
    // Seeded in one batch, so equally new: newest is the default order, whatever it is.
    expect(await names({ sort: "newest" })).toEqual(await names({}));
    expect(await names({ sort: "price_asc" })).toEqual(["A", "B", "C", "E", "D"]);
    expect(await names({ sort: "price_desc" })).toEqual(["E", "C", "B", "A", "D"]);
    // ₪ a m²: A 91, B 94, C 95, E 100; D has neither price nor size.
    expect(await names({ sort: "price_per_sqm" })).toEqual(["A", "B", "C", "E", "D"]);
  });

  it("answers each flat's entry date as a day, immediate or null", async () => {
    const r = await get(q({}));
    const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    const entry = Object.fromEntries((r.body.assets as Json[]).map((a) => [byId[a._id], a.entryDate]));
    expect(entry).toEqual({ A: "immediate", B: "2027-05-01", C: null, D: null, E: null });
    expect((await get(`/api/assets/${ids.B}`)).body.entryDate).toBe("2027-05-01");
  });

  it("keeps flats available by a day: immediate and known dates not later; the map counts the same", async () => {
    expect(await sorted({ availableBy: "2027-04-30" })).toEqual(["A"]);
    expect(await sorted({ availableBy: "2027-05-01" })).toEqual(["A", "B"]);
    const list = await get(q({ availableBy: "2027-05-01", sort: "price_desc" }));
    expect(list.body.pagination.total).toBe(2);
    const map = await get(q({ availableBy: "2027-05-01", isMapView: true }));
    expect(map.body.pagination.total).toBe(2);
    expect(map.body.clusters.reduce((n: number, c: Json) => n + c.count, 0)).toBe(2);
  });

  it("refuses a bad sort or day with a clear message", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ sort: "cheapest" }, "sort must be newest, price_asc, price_desc or price_per_sqm"],
      [{ sort: "PRICE_ASC" }, "sort must be newest, price_asc, price_desc or price_per_sqm"],
      [{ availableBy: "2027-02-30" }, "availableBy must be a date as YYYY-MM-DD, e.g. 2027-01-31"],
      [{ availableBy: "1/5/2027" }, "availableBy must be a date as YYYY-MM-DD, e.g. 2027-01-31"],
      [{ availableBy: "immediate" }, "availableBy must be a date as YYYY-MM-DD, e.g. 2027-01-31"],
    ];
    for (const [params, message] of cases)
      expect(await get(`/api/assets?${new URLSearchParams(params)}`)).toEqual({
        status: 400,
        body: { message, code: "invalid_argument" },
      });
    expect((await get("/api/assets?sort=newest&sort=price_asc")).body.message).toBe(
      "sort must be given once",
    );
  });
});

describe("GET /api/assets/{id} and /count", () => {
  it("returns one asset in the shape the web app reads", async () => {
    const r = await get(`/api/assets/${ids.A}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      _id: ids.A,
      canonicalId: ids.A,
      images: ["https://img.yad2.co.il/a1.jpeg", "https://img.yad2.co.il/a2.jpeg"],
      description: `דירת 2 חדרים משופצת ${tag} מרפסת שמש`,
      location: expect.stringContaining(street),
      city: "תל אביב יפו",
      neighborhoodCode: expect.any(Number),
      neighborhood: expect.any(String),
      rooms: 2,
      size: 55,
      floorNumber: 3,
      price: 5000 + bump,
      phoneNumber: null,
      link: "https://www.yad2.co.il/realestate/item/a",
      merchant: false,
      src: "yad2",
      entryDate: "immediate",
      coordinates: { type: "Point", coordinates: [34.7685 + jitter, 32.0575 + jitter] },
      googleMapsUrl: `https://www.google.com/maps/search/?api=1&query=${32.0575 + jitter}%2C${34.7685 + jitter}`,
    });
    expect(new Date(r.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it("shows 'call for price' and a missing point as null, with a maps link to the address", async () => {
    const d = (await get(`/api/assets/${ids.D}`)).body;
    expect(d).toMatchObject({
      price: null,
      coordinates: null,
      merchant: null,
      floorNumber: null,
      size: null,
    });
    expect(d.googleMapsUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.+/);
    expect(decodeURIComponent(d.googleMapsUrl)).toContain("יפת");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["3f2b7a34-1111-4222-8333-944455556666", "not-an-id", "x".repeat(300)])
      expect(await get(`/api/assets/${id}`)).toEqual({
        status: 404,
        body: { message: "Asset not found", code: "not_found" },
      });
  });

  it("counts active listings and those new today", async () => {
    const r = await get("/api/assets/count");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ count: expect.any(Number), createdLastDay: expect.any(Number) });
    expect(r.body.createdLastDay).toBeLessThanOrEqual(r.body.count);
    // Alone on the embedded database, the figures are exactly this run's five.
    if (!process.env.TEST_DATABASE_URL) expect(r.body).toEqual({ count: 5, createdLastDay: 5 });
    else expect(r.body.createdLastDay).toBeGreaterThanOrEqual(5);
  });
});

// After the count above, which expects this run's five listings alone.
describe("GET /api/assets/{id}: what changed", () => {
  it("tells what a source said and then took back, in the listing's story", async () => {
    const flat = {
      source: "yad2",
      externalId: `${run}-changed`,
      street: "ויטל",
      houseNumber: "3",
      price: 6100,
    };
    const [created] = (await ingest({ ...flat, facts: { safeRoom: true, parking: false } })).outcomes;
    const id = created?.id as string;
    expect((await get(`/api/assets/${id}`)).body.factChanges).toEqual([]);
    await ingest({ ...flat, facts: { safeRoom: false, parking: true, elevator: true } });
    const r = await get(`/api/assets/${id}`);
    expect(r.status).toBe(200);
    expect(r.body.facts).toMatchObject({ safeRoom: false, parking: true, elevator: true });
    // The elevator was unknown: learnt, not changed.
    expect(r.body.factChanges).toEqual([
      { fact: "safeRoom", from: true, to: false, at: expect.any(String) },
      { fact: "parking", from: false, to: true, at: expect.any(String) },
    ]);
    expect(Date.parse(r.body.factChanges[0].at)).toBeGreaterThan(Date.now() - 600_000);
  });
});
