import { randomUUID } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import { botsMigrations, MatchRepo, matchListing } from "@dirabot/bots/testing";
import { neighborhoods } from "@dirabot/geography";
import { boxAround } from "@dirabot/geography/distance";
import {
  createLogger,
  MemoryBus,
  Outbox,
  openServiceDatabase,
  startEmbeddedPostgres,
} from "@dirabot/platform";
import { ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { answers, type Figure, pct, tmp } from "./figures.ts";

/**
 * Matching's figure: one new listing against 10,000 and 100,000 active bots, through the very
 * repository function the `listing.created` consumer calls (the GIN lookup on the bots' areas,
 * the price/rooms/merchant filters and the insert into the posts ledger, one statement).
 * Bots are spread as people set them: 1–8 neighbourhoods of Tel Aviv, Ramat Gan and Givatayim,
 * a price band, 1–4 rooms, mostly any or private listings; a tenth of them also "within N km"
 * (1–30) of a place in that area, so the statement's box and distance test run on real rows. Runs on the embedded PostgreSQL and
 * on the machine's PostgreSQL (BENCH_DATABASE_URL) when it answers, each in a scratch schema
 * that is dropped afterwards.
 */
const SIZES = [10_000, 100_000];
const LISTINGS = Number(process.env.BENCH_MATCH_LISTINGS ?? 300);
// A third as many listings for the whole transaction.
const STAGED = Math.ceil(LISTINGS / 3);
export const CODES = neighborhoods()
  .filter((n) => [5000, 8600, 6300].includes(n.cityCode))
  .map((n) => n.code);

/** Deterministic pseudo-random numbers, so both engines see the same bots and listings. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function bots(n: number, next: () => number) {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] as T;
  return Array.from({ length: n }, (_, i) => {
    const codes = new Set<number>();
    const want = 1 + Math.floor(next() * 8);
    while (codes.size < want) codes.add(pick(CODES));
    const min = pick([0, 0, 2000, 3000, 4000, 5000, 6000]);
    return {
      user_id: `bench-user-${i % 40_000}`,
      bot_name: `bench ${i}`,
      chat_name: `bench ${i}`,
      neighborhood_codes: [...codes],
      price_min: min,
      price_max: min + pick([3000, 4000, 6000, 8000, 14000]),
      min_rooms: pick([1, 1, 2, 2, 3, 3, 4]),
      merchant: pick([null, null, false, false, true]),
    };
  });
}

/** The area the bots' places and the listings' points fall in (Tel Aviv, Ramat Gan, Givatayim). */
const AREA = { lat: [32.03, 32.13], lon: [34.75, 34.85] } as const;
const point = (next: () => number) => ({
  lat: AREA.lat[0] + next() * (AREA.lat[1] - AREA.lat[0]),
  lon: AREA.lon[0] + next() * (AREA.lon[1] - AREA.lon[0]),
});

/** A tenth of the bots: one distance condition each, written as the service writes it (NearRepo). */
export function nearConditions(botIds: string[], next: () => number) {
  return botIds.flatMap((id, i) => {
    if (i % 10 !== 0) return [];
    const p = point(next);
    const km = [1, 2, 3, 5, 8, 12, 20, 30][Math.floor(next() * 8)] as number;
    return [{ id, placeId: randomUUID(), km, ...p, box: boxAround(p.lat, p.lon, km) }];
  });
}

export function listing(next: () => number) {
  const id = randomUUID();
  return {
    listingId: id,
    canonicalId: id,
    neighborhoodCode: CODES[Math.floor(next() * CODES.length)] as number,
    price: 2500 + Math.round(next() * 125) * 100,
    rooms: next() < 0.1 ? null : 1 + Math.floor(next() * 9) / 2,
    merchant: next() < 0.2 ? null : next() < 0.3,
    // Unknown facts of a whole long-term flat: every bot's must-haves and inclusions are off.
    safeRoom: null,
    parking: null,
    elevator: null,
    term: "long",
    ...point(next),
  };
}

async function onEngine(results: Figure[], label: string, url: string) {
  const log = createLogger("silent");
  const schema = `bots_bench_${Date.now().toString(36)}`;
  const sdb = await openServiceDatabase({ url, schema, migrations: botsMigrations, log });
  const repo = new MatchRepo(schema);
  // Never started: it only stages rows (nothing is published).
  const outbox = new Outbox({ db: sdb.db, bus: new MemoryBus(log), source: "bots", log });
  const next = random(11);
  try {
    let have = 0;
    for (const size of SIZES) {
      const rows = bots(size - have, next);
      for (let at = 0; at < rows.length; at += 1000) {
        const ids = await sdb.db
          .insertInto("bots")
          .values(rows.slice(at, at + 1000))
          .returning(["id", "user_id"])
          .execute();
        const near = nearConditions(
          ids.map((r) => r.id),
          next,
        );
        if (!near.length) continue;
        await sdb.db
          .insertInto("bot_near")
          .values(
            near.map((n) => ({
              bot_id: n.id,
              place_id: n.placeId,
              user_id: ids.find((r) => r.id === n.id)?.user_id as string,
              name: "Work",
              lat: n.lat,
              lon: n.lon,
              km: n.km,
            })),
          )
          .execute();
        for (const n of near)
          await sdb.db
            .updateTable("bots")
            .set({
              near: JSON.stringify([{ placeId: n.placeId, km: n.km, minutes: null, mode: null }]),
              near_min_lat: n.box.minLat,
              near_max_lat: n.box.maxLat,
              near_min_lon: n.box.minLon,
              near_max_lon: n.box.maxLon,
            })
            .where("id", "=", n.id)
            .execute();
      }
      have = size;
      await sdb.pool.query(`ANALYZE ${schema}.bots`);
      await sdb.pool.query(`ANALYZE ${schema}.bot_near`);
      for (let i = 0; i < 20; i++) await repo.match(sdb.db, listing(next)); // warm-up
      const times: number[] = [];
      let matched = 0;
      for (let i = 0; i < LISTINGS; i++) {
        const l = listing(next);
        const t = performance.now();
        matched += (await repo.match(sdb.db, l)).length;
        times.push(performance.now() - t);
      }
      results.push({
        name: `${label}: match one listing against ${size.toLocaleString("en")} active bots p50 / p99 (${LISTINGS} listings; bots matched per listing)`,
        value: `${pct(times, 50).toFixed(2)} / ${pct(times, 99).toFixed(2)} ms (${(matched / LISTINGS).toFixed(0)})`,
        unit: "",
      });
      // The consumer's whole transaction: the statement plus its listing.matched event staged.
      const whole: number[] = [];
      for (let i = 0; i < STAGED; i++) {
        const l = listing(next);
        const proto = create(ListingSchema, {
          id: l.listingId,
          canonicalId: l.canonicalId,
          neighborhoodCode: l.neighborhoodCode,
          price: l.price,
          rooms: l.rooms ?? undefined,
          merchant: l.merchant ?? undefined,
          lat: l.lat,
          lon: l.lon,
          description: "דירת 3 חדרים משופצת עם מרפסת",
          images: ["https://img.yad2.co.il/Pic/202611/25/2_2/o/y2_1_01234_20261125120000.jpeg"],
        });
        const t = performance.now();
        await sdb.db.transaction().execute((trx) => matchListing(trx, repo, outbox, proto));
        whole.push(performance.now() - t);
      }
      results.push({
        name: `${label}: the same with its listing.matched event staged, one transaction, against ${size.toLocaleString("en")} bots p50 / p99 (${STAGED} listings)`,
        value: `${pct(whole, 50).toFixed(2)} / ${pct(whole, 99).toFixed(2)} ms`,
        unit: "",
      });
    }
  } finally {
    await sdb.pool.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    await sdb.close();
  }
}

export async function benchBots(results: Figure[]): Promise<void> {
  const embedded = await startEmbeddedPostgres(tmp(), createLogger("silent"));
  try {
    await onEngine(results, "embedded PostgreSQL", embedded.url);
  } finally {
    await embedded.stop();
  }
  const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  if (await answers(server)) await onEngine(results, "PostgreSQL 15 server", server);
}
