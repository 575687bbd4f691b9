import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { matchesPlace, optionKeys } from "@dirabot/geography";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { fetchAsVisitor } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateway } from "../index.ts";

/** Neighbourhood options and the map's place search, through the gateway and the listings service. */
let running: Running;
let base: string;
let token: string;
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

// A stand-in for Nominatim: GET /search?format=jsonv2&q=… answers its JSON (coordinates as strings).
// A query starting "slow" is answered after SLOW_MS, as a loaded Nominatim would.
const seen: URLSearchParams[] = [];
const SLOW_MS = 1000;
const geocoder = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname !== "/search") return void res.writeHead(404).end();
  seen.push(url.searchParams);
  const q = url.searchParams.get("q") ?? "";
  if (q.startsWith("slow")) await new Promise((r) => setTimeout(r, SLOW_MS));
  if (q.startsWith("broken"))
    return void res.writeHead(500, { "content-type": "text/html" }).end("<h1>oops</h1>");
  res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
  res.end(
    JSON.stringify(
      q.startsWith("nowhere")
        ? []
        : [
            {
              place_id: 2201,
              licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
              osm_type: "way",
              osm_id: 4410,
              lat: "32.0776",
              lon: "34.7741",
              category: "highway",
              type: "primary",
              place_rank: 26,
              importance: 0.31,
              addresstype: "road",
              name: "דיזנגוף",
              display_name: "דיזנגוף, הצפון הישן, תל אביב-יפו, ישראל",
              boundingbox: ["32.0700", "32.0950", "34.7720", "34.7760"],
            },
            {
              place_id: 2202,
              lat: "32.0868",
              lon: "34.7748",
              display_name: "כיכר דיזנגוף, תל אביב-יפו, ישראל",
            },
          ],
    ),
  );
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
type Json = any;
async function get(url: string, auth: string | null = token): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}${url}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  await new Promise<void>((r) => geocoder.listen(0, "127.0.0.1", r));
  const settings = loadSettings({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SERVICES: "identity,listings,gateway",
    SERVICE_SECRET: process.env.SERVICE_SECRET,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-geo-")),
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    NATS_URL: process.env.TEST_NATS_URL,
    GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
  });
  running = await launch(settings, [identity, listings], gateway());
  base = `http://127.0.0.1:${running.port}`;
  token = await register("Gil");
});

async function register(firstname: string): Promise<string> {
  const reg = await fetchAsVisitor(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstname,
      lastname: "Peretz",
      email: `geo-${firstname.toLowerCase()}-${run}@example.com`,
      password: "secret1",
    }),
  });
  return ((await reg.json()) as Json).token;
}
afterAll(async () => {
  await running?.stop();
  geocoder.close();
});

describe("neighbourhood options", () => {
  it("lists {code, name, nameEn, keys} sorted by name, 'City - Name', to anyone", async () => {
    const r = await get("/api/requests/neighborhoods", null);
    expect(r.status).toBe(200);
    const options = r.body as Array<{ code: number; name: string; nameEn: string; keys: string }>;
    expect(options.length).toBeGreaterThan(50);
    for (const o of options) {
      expect(Object.keys(o).sort()).toEqual(["code", "keys", "name", "nameEn"]);
      expect(Number.isInteger(o.code)).toBe(true);
      expect(o.name).toMatch(/^\S.* - \S/);
      expect(o.nameEn).toMatch(/^[\x20-\x7E]+ - [\x20-\x7E]+$/);
      expect(o.keys).toMatch(/^([a-z0-9]+( [a-z0-9]+)*)?$/);
    }
    const florentin = options.find((o) => o.name === "תל אביב יפו - פלורנטין");
    expect(florentin?.nameEn).toBe("Tel Aviv-Yafo - Florentin");
    expect(
      matchesPlace("florentine", florentin?.name ?? "", optionKeys(florentin ?? { nameEn: "", keys: "" })),
    ).toBe(true);
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "he")));
    expect(new Set(options.map((o) => o.code)).size).toBe(options.length);
    expect(names.some((n) => n.includes("פלורנטין"))).toBe(true);
  });

  it("maps every code to its name", async () => {
    const [options, codes] = await Promise.all([
      get("/api/requests/neighborhoods", null),
      get("/api/requests/codes", null),
    ]);
    expect(codes.status).toBe(200);
    expect(codes.body).toEqual(Object.fromEntries(options.body.map((o: Json) => [String(o.code), o.name])));
  });

  it("compresses the answer for a client that accepts brotli or gzip", async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        // node:http, not fetch: fetch always asks for compression and undoes it.
        http
          .get(`${base}/api/requests/neighborhoods`, { headers: { "accept-encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await raw("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await raw("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(plain.body.toString());
  });

  it("leaves /api/requests/{id} to the bots routes", async () => {
    const r = await get("/api/requests/neighborhoods/1", null);
    expect(r.status).toBe(404);
  });
});

describe("GET /api/geocode", () => {
  it("searches in Israel through the geocoder and answers again from the cache", async () => {
    const q = `דיזנגוף ${run}`;
    const r = await get(`/api/geocode?q=${encodeURIComponent(q)}`);
    expect(r).toEqual({
      status: 200,
      body: [
        { lat: 32.0776, lon: 34.7741, displayName: "דיזנגוף, הצפון הישן, תל אביב-יפו, ישראל" },
        { lat: 32.0868, lon: 34.7748, displayName: "כיכר דיזנגוף, תל אביב-יפו, ישראל" },
      ],
    });
    const asked = seen.filter((p) => p.get("q")?.includes(run));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.get("q")).toBe(`${q}, Israel`);
    expect(asked[0]?.get("format")).toBe("jsonv2");
    const again = await get(`/api/geocode?q=${encodeURIComponent(q)}`);
    expect(again).toEqual(r);
    expect(seen.filter((p) => p.get("q")?.includes(run))).toHaveLength(1);
  });

  it("answers [] for a place nobody knows", async () => {
    expect(await get(`/api/geocode?q=nowhere-${run}`)).toEqual({ status: 200, body: [] });
  });

  it("says the search is unavailable when the geocoder fails", async () => {
    const r = await get(`/api/geocode?q=broken-${run}`);
    expect(r.status).toBe(503);
    expect(r.body.code).toBe("unavailable");
    expect(r.body.message).toBe("Geocoding is unavailable right now");
  });

  it("keeps one person's slow searches from holding another's", async () => {
    const other = await register("Noga");
    const started = Date.now();
    const slow = Array.from({ length: 6 }, (_, i) => get(`/api/geocode?q=slow-${i}-${run}`));
    // Gil's first slow search is at the geocoder; Noga's is answered at the geocoder's own pace.
    while (!seen.some((p) => p.get("q")?.startsWith(`slow-0-${run}`)))
      await new Promise((r) => setTimeout(r, 20));
    const t = Date.now();
    expect((await get(`/api/geocode?q=${encodeURIComponent(`יפו ${run}`)}`, other)).status).toBe(200);
    expect(Date.now() - t).toBeLessThan(SLOW_MS);
    // Gil's own wait in line: one after another, each answered.
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(6 * SLOW_MS);
  }, 30_000);

  it("validates q and needs a signed-in user", async () => {
    expect(await get("/api/geocode")).toEqual({
      status: 400,
      body: { message: "q is required", code: "invalid_argument" },
    });
    expect(await get("/api/geocode?q=%20%20")).toEqual({
      status: 400,
      body: { message: "q is required", code: "invalid_argument" },
    });
    expect(await get(`/api/geocode?q=${"א".repeat(201)}`)).toEqual({
      status: 400,
      body: { message: "q must be at most 200 characters", code: "invalid_argument" },
    });
    expect((await get("/api/geocode?q=a&q=b")).body.message).toBe("q must be given once");
    expect(await get("/api/geocode?q=tel-aviv", null)).toEqual({
      status: 401,
      body: { message: "Authentication required", code: "unauthenticated" },
    });
  });
});
