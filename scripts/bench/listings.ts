import * as fs from "node:fs";
import * as path from "node:path";
import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { gateway } from "@dirabot/gateway";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { createLogger, launch, loadSettings, pgConfig, startEmbeddedPostgres } from "@dirabot/platform";
import { trustedTransport } from "@dirabot/platform/testing";
import {
  type ListingInput,
  ListingInputSchema,
  ListingsService,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import { parsePost } from "@dirabot/scraper-facebook/parser";
import { toListingInput } from "@dirabot/scraper-facebook/testing";
import pg from "pg";
import { type Figure, pct, tmp } from "./figures.ts";
import { fillListings } from "./fill.ts";

/**
 * The listings pipeline's figures:
 * - ingest throughput: listings/s through validation, neighbourhood assignment (R-tree point in
 *   polygon), duplicate lookups, upsert, price history and the outbox, in batches of 500 as a
 *   scraper sends them;
 * - GET /api/assets p50/p99 for list and map queries over 100,000 listings, through the gateway
 *   (HTTP, session, Connect call, JSON), side by side with the plain SQL of the same filter.
 * Runs on the embedded PostgreSQL, and on the machine's PostgreSQL when BENCH_DATABASE_URL is set.
 */
const TOTAL = Number(process.env.BENCH_LISTINGS ?? 100_000);
const INGESTED = Math.min(TOTAL, Number(process.env.BENCH_INGEST ?? 20_000));
// The gateway allows 600 signed-in API requests a minute per account: each case signs in an
// account of its own, so 500 + 10 warm-up stay under it (a p99 of 100 samples was the second
// slowest call, one hiccup away from doubling).
const QUERIES = 500;
const STREETS = ["דיזנגוף", "אבן גבירול", "בן יהודה", "שינקין", "הרצל", "אלנבי", "ויטל", "ארלוזורוב"];

function synthetic(n: number, seed: string): ListingInput[] {
  const out: ListingInput[] = [];
  for (let i = 0; i < n; i++) {
    const r = (k: number) => (((Math.sin(i * 12.9898 + k * 78.233) * 43758.5453) % 1) + 1) % 1;
    const rooms = 1 + Math.floor(r(1) * 9) / 2;
    out.push(
      create(ListingInputSchema, {
        source: "yad2",
        externalId: `${seed}-${i}`,
        street: STREETS[Math.floor(r(2) * STREETS.length)],
        houseNumber: String(1 + Math.floor(r(3) * 150)),
        city: "תל אביב יפו",
        cityCode: 5000,
        neighborhood: "",
        rooms,
        size: Math.round(25 + rooms * 20),
        floor: Math.floor(r(4) * 10),
        price: 2500 + Math.round(r(5) * 120) * 100,
        merchant: r(6) < 0.3,
        lat: 32.03 + r(7) * 0.1,
        lon: 34.74 + r(8) * 0.1,
        // No photos unless BENCH_PHOTOS=1: 20,000 photos that cannot be fetched here are retried by
        // the photo queue all at once, a minute after the ingest, which is when the browse figures
        // are taken (on the one embedded database that raised a p99 from 15 to 34 ms).
        images: process.env.BENCH_PHOTOS
          ? [`https://img.yad2.co.il/Pic/${seed}/${i}_20261101120000.jpeg`]
          : [],
        description: `דירת ${rooms} חדרים ברחוב ${STREETS[i % STREETS.length]} מספר ${i}`,
      }),
    );
  }
  return out;
}

/** The day `n` days from today, YYYY-MM-DD. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function timeIt(n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  return { p50: pct(times, 50), p99: pct(times, 99) };
}

export async function benchListings(results: Figure[], label: string, server?: string): Promise<void> {
  const dataDir = tmp();
  // The embedded engine is started here (as launch() would) so plain SQL can reach it too.
  const embedded = server ? undefined : await startEmbeddedPostgres(dataDir, createLogger("silent"));
  const databaseUrl = server ?? embedded?.url;
  const settings = loadSettings({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // Each case's account from an address of its own (signIn): an address opens a few a minute.
    TRUST_PROXY: "1",
  });
  const running = await launch(settings, [identity, listings], gateway());
  const base = `http://127.0.0.1:${running.port}`;
  // Ingest as a scraper calls it: the internal listener, each call signed with the run's secret.
  const client = createClient(ListingsService, trustedTransport(running));
  const seed = `bench${Date.now().toString(36)}`;
  try {
    // 1. ingest throughput
    const inputs = synthetic(INGESTED, seed);
    const t0 = performance.now();
    for (let at = 0; at < inputs.length; at += 500)
      await client.ingest({ listings: inputs.slice(at, at + 500) });
    const secs = (performance.now() - t0) / 1000;
    results.push({
      name: `${label}: ingest throughput (${INGESTED} new listings)`,
      value: Math.round(INGESTED / secs),
      unit: "listings/s",
    });
    const again = performance.now();
    for (let at = 0; at < 5000; at += 500) await client.ingest({ listings: inputs.slice(at, at + 500) });
    results.push({
      name: `${label}: re-ingest throughput (5000 unchanged, as every poll does)`,
      value: Math.round(5000 / ((performance.now() - again) / 1000)),
      unit: "listings/s",
    });

    // 1b. Facebook posts: parse (the Hebrew parser), then ingest as the Facebook scraper does
    const posts = labelledPosts();
    const parsedInputs: ListingInput[] = [];
    const p0 = performance.now();
    for (let i = 0; i < 5000; i++) {
      const post = posts[i % posts.length] as string;
      const parsed = parsePost(post);
      if (parsed.kind === "not_offer") continue;
      parsedInputs.push(
        toListingInput(
          {
            id: `${seed}-fb-${i}`,
            groupId: "bench",
            text: post,
            author: "",
            postedAt: undefined,
            images: [],
          },
          parsed,
          "https://www.facebook.com",
        ),
      );
    }
    const parseMs = performance.now() - p0;
    results.push({
      name: `${label}: Facebook posts parsed`,
      value: Math.round(5000 / (parseMs / 1000)),
      unit: "posts/s",
    });
    const f0 = performance.now();
    for (let at = 0; at < parsedInputs.length; at += 500)
      await client.ingest({ listings: parsedInputs.slice(at, at + 500) });
    results.push({
      name: `${label}: parse + ingest of Facebook posts (${parsedInputs.length} offers of 5000 posts)`,
      value: Math.round(parsedInputs.length / ((performance.now() - f0 + parseMs) / 1000)),
      unit: "listings/s",
    });

    // 2. fill to TOTAL with plain SQL (the query figures need the volume, not the ingest path)
    const pool = new pg.Pool({ ...pgConfig(databaseUrl as string), max: 2 });
    await fillListings(pool, seed, TOTAL - INGESTED);

    // 3. GET /api/assets through the gateway vs the same filter in plain SQL
    const cases: Array<{ name: string; query: Record<string, string>; sql: string; params: unknown[] }> = [
      {
        name: "list, newest first (page 1 of 12)",
        query: { page: "1", limit: "12" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown ORDER BY first_seen_at DESC, id LIMIT 12",
        params: [],
      },
      {
        name: "list, price 4000–7000 and 3+ rooms, page 5",
        query: { page: "5", limit: "12", priceRange: "[4000,7000]", minRooms: "3" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND price >= 4000 AND price <= 7000 AND rooms >= 3 ORDER BY first_seen_at DESC, id OFFSET 48 LIMIT 12",
        params: [],
      },
      {
        name: "list, searchText 'דיזנגוף'",
        query: { page: "1", limit: "12", searchText: "דיזנגוף" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND search LIKE '%דיזנגוף%' ORDER BY first_seen_at DESC, id LIMIT 12",
        params: [],
      },
      {
        // A Latin place name also looks for its Hebrew names (docs/PRODUCT.md, places).
        name: "list, searchText 'florentin' (and פלורנטין)",
        query: { page: "1", limit: "12", searchText: "florentin" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND (search LIKE '%florentin%' OR search LIKE '%פלורנטין%') ORDER BY first_seen_at DESC, id LIMIT 12",
        params: [],
      },
      // The list's orders and "available by", each on its index (0006_entry_date).
      {
        name: "list, price low to high, page 1",
        query: { page: "1", limit: "12", sort: "price_asc" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown ORDER BY price ASC NULLS LAST, first_seen_at DESC, id LIMIT 12",
        params: [],
      },
      {
        name: "list, price high to low, 3+ rooms, page 5",
        query: { page: "5", limit: "12", sort: "price_desc", minRooms: "3" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND rooms >= 3 ORDER BY price DESC NULLS LAST, first_seen_at DESC, id OFFSET 48 LIMIT 12",
        params: [],
      },
      {
        name: "list, price per m², page 1",
        query: { page: "1", limit: "12", sort: "price_per_sqm" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown ORDER BY (price::float8 / size) ASC NULLS LAST, first_seen_at DESC, id LIMIT 12",
        params: [],
      },
      {
        name: "list, available within 30 days, newest first",
        query: { page: "1", limit: "12", availableBy: inDays(30) },
        sql: `SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND entry_on <= '${inDays(30)}'::date ORDER BY first_seen_at DESC, id LIMIT 12`,
        params: [],
      },
      {
        name: "list, available within 30 days, price per m², 3+ rooms",
        query: { page: "1", limit: "12", availableBy: inDays(30), sort: "price_per_sqm", minRooms: "3" },
        sql: `SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND rooms >= 3 AND entry_on <= '${inDays(30)}'::date ORDER BY (price::float8 / size) ASC NULLS LAST, first_seen_at DESC, id LIMIT 12`,
        params: [],
      },
      {
        name: "list, available by a week ago (only immediate ones), price low to high",
        query: { page: "1", limit: "12", availableBy: inDays(-7), sort: "price_asc" },
        sql: `SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND entry_on <= '${inDays(-7)}'::date ORDER BY price ASC NULLS LAST, first_seen_at DESC, id LIMIT 12`,
        params: [],
      },
      {
        name: "map, all of Tel Aviv in view (every listing: grid cells + the 100 newest)",
        query: { isMapView: "true", limit: "100", bounds: "[[34.70,32.00],[34.88,32.16]]" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND lat IS NOT NULL AND lon IS NOT NULL AND point(lon, lat) <@ box(point(34.70, 32.00), point(34.88, 32.16)) ORDER BY first_seen_at DESC, id LIMIT 100",
        params: [],
      },
      {
        name: "map, bounds of central Tel Aviv (100 markers)",
        query: { isMapView: "true", limit: "100", bounds: "[[34.76,32.06],[34.79,32.09]]" },
        sql: "SELECT * FROM listings.listings WHERE removed_at IS NULL AND shown AND lat IS NOT NULL AND lon IS NOT NULL AND point(lon, lat) <@ box(point(34.76, 32.06), point(34.79, 32.09)) ORDER BY first_seen_at DESC, id LIMIT 100",
        params: [],
      },
    ];
    // BENCH_CASES (a regular expression on the names) times only some cases, e.g. "price|available".
    const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : undefined;
    for (const c of cases.filter((c) => !only || only.test(c.name))) {
      const token = await signIn(base);
      const url = `${base}/api/assets?${new URLSearchParams(c.query)}`;
      let bytes = 0;
      let points = 0;
      const api = await timeIt(QUERIES, async () => {
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`GET /api/assets answered ${res.status}: ${await res.text()}`);
        const text = await res.text();
        bytes = text.length;
        points = (JSON.parse(text) as { clusters?: unknown[] }).clusters?.length ?? 0;
      });
      // The plain SQL side is the page (or the map's newest markers) alone: what the screen shows,
      // without the total (or the map's points and cells) that the answer adds.
      const raw = await timeIt(QUERIES, () => pool.query(c.sql, c.params));
      const map = c.query.isMapView ? `; ${points} points or cells` : "";
      results.push({
        name: `${label}: GET /api/assets ${c.name} p50 / p99 (plain SQL of the page p50 / p99; ratio of p50; answer size)`,
        value: `${api.p50.toFixed(1)} / ${api.p99.toFixed(1)} ms (${raw.p50.toFixed(1)} / ${raw.p99.toFixed(1)} ms; ×${(api.p50 / raw.p50).toFixed(1)}; ${(bytes / 1024).toFixed(0)} KiB${map})`,
        unit: "",
      });
    }
    if (server) await pool.query("DELETE FROM listings.listings WHERE external_id LIKE $1", [`${seed}-%`]);
    await pool.end();
  } finally {
    await running.stop();
    await embedded?.stop();
  }
}

/** The repository's labelled posts (services/scraper-facebook/test/posts), as input texts. */
function labelledPosts(): string[] {
  const file = path.resolve(import.meta.dirname, "../../services/scraper-facebook/test/posts/labelled.jsonl");
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { text: string }).text);
}

export async function signIn(base: string): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
    },
    body: JSON.stringify({ firstname: "Bench", lastname: "Mark", email, password: "bench-password" }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return body.token;
}
