import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { fetchAsVisitor, trustedTransport } from "@dirabot/platform/testing";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateway } from "../index.ts";

/**
 * Places in both languages through GET /api/assets: a Latin name of a place finds the flats its
 * Hebrew name finds. The database may be shared, so each query is narrowed to this run's own
 * price (a random one no other listing is likely to have) and the answers compared as sets.
 */
let running: Running;
let base: string;
let token: string;
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const price = 40_000 + Math.floor(Math.random() * 50_000);
const ids: Record<string, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
type Json = Record<string, any>;
async function found(searchText: string): Promise<string[]> {
  const params = new URLSearchParams({
    searchText,
    priceRange: JSON.stringify([price, price]),
    limit: "100",
  });
  const res = await fetch(`${base}/api/assets?${params}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return ((await res.json()) as Json).assets.map((a: Json) => byId[a._id] ?? `other:${a._id}`).sort();
}

beforeAll(async () => {
  const settings = loadSettings({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SERVICES: "identity,listings,gateway",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-places-")),
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
      firstname: "Noa",
      lastname: "Levi",
      email: `places-${run}@example.com`,
      password: "secret1",
    }),
  });
  token = ((await reg.json()) as Json).token;

  const common = { source: "yad2", images: [] as string[], rooms: 3, price, merchant: false };
  const seed = {
    // Placed by its point (inside Florentin), the neighbourhood's text from our table.
    florentinPoint: {
      ...common,
      city: "תל אביב יפו",
      street: "ויטל",
      lat: 32.0566,
      lon: 34.7682,
      description: "דירה",
    },
    // Only its text names the place.
    florentinText: {
      ...common,
      city: "תל אביב יפו",
      street: "",
      neighborhood: "פלורנטין",
      description: "דירה שקטה",
    },
    neveTzedek: {
      ...common,
      city: "תל אביב יפו",
      neighborhood: "נווה צדק",
      street: "שבזי",
      description: "דירה",
    },
    ramatGan: { ...common, city: "רמת גן", street: "ביאליק", description: "דירה ליד הבורסה" },
    twoPlaces: {
      ...common,
      city: "רמת השרון",
      neighborhood: "נווה גן;קרית שאול",
      street: "",
      description: "דירה",
    },
  };
  const client = createClient(ListingsService, trustedTransport(running));
  const { outcomes } = await client.ingest({
    listings: Object.entries(seed).map(([k, v]) => ({ ...v, externalId: `places-${run}-${k}` })),
  });
  for (const [i, k] of Object.keys(seed).entries()) ids[k] = outcomes[i]?.id as string;
});
afterAll(async () => running?.stop());

describe("GET /api/assets?searchText= names a place in either language", () => {
  it("shows a place that lists several joined by commas, never a raw ';'", async () => {
    const params = new URLSearchParams({
      searchText: "קרית שאול",
      priceRange: JSON.stringify([price, price]),
    });
    const res = await fetch(`${base}/api/assets?${params}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const asset = ((await res.json()) as Json).assets.find((a: Json) => a._id === ids.twoPlaces);
    expect(asset.neighborhood).toBe("נווה גן, קרית שאול");
    expect(asset.location).toBe("נווה גן, קרית שאול, רמת השרון");
    expect(await found("Kiryat Shaul")).toEqual(await found("קרית שאול"));
  });

  it("finds Florentin's flats by its Hebrew name, its English name and their variants", async () => {
    const hebrew = await found("פלורנטין");
    expect(hebrew).toEqual(expect.arrayContaining(["florentinPoint", "florentinText"]));
    expect(hebrew).not.toContain("neveTzedek");
    for (const latin of ["florentin", "Florentine", "FLORENTIN", " florentin "])
      expect(await found(latin), latin).toEqual(hebrew);
  });

  it("finds Tel Aviv's flats by 'Tel Aviv' as by 'תל אביב'", async () => {
    const hebrew = await found("תל אביב");
    expect(hebrew).toEqual(expect.arrayContaining(["florentinPoint", "florentinText", "neveTzedek"]));
    expect(hebrew).not.toContain("ramatGan");
    for (const latin of ["Tel Aviv", "tel-aviv", "telaviv"])
      expect(await found(latin), latin).toEqual(hebrew);
  });

  it("forgives the usual spellings of Neve Tzedek", async () => {
    const hebrew = await found("נווה צדק");
    expect(hebrew).toContain("neveTzedek");
    for (const latin of ["neve tzedek", "Neve Tsedek", "nevei tzedek"])
      expect(await found(latin), latin).toEqual(hebrew);
  });

  it("keeps the Hebrew text search as it was, and finds nothing for a name of no place", async () => {
    expect(await found("ביאליק")).toEqual(["ramatGan"]);
    expect(await found("Ramat Gan")).toEqual(await found("רמת גן"));
    expect(await found("qwxzv")).toEqual([]);
  });
});
