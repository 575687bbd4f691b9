import { createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { testSettings, trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GeocoderDouble } from "../test/geocoder-double.ts";
import { createListings } from "./module.ts";

const redis = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// Timers and Redis expiry keep whole milliseconds: a gap may round a hair short.
const SLACK_MS = 5;

/** Lookups of distinct streets by distinct callers, all at once, through each replica. */
async function lookups(replicas: Running[], each: number): Promise<void> {
  const calls = replicas.flatMap((running) => {
    const client = createClient(ListingsService, trustedTransport(running));
    return Array.from({ length: each }, () => client.geocode({ query: `רחוב ${uniqueId()}` }));
  });
  await Promise.all(calls);
}

/** Every two arrivals a second apart, the first and last at least a second per gap. */
function paced(arrivals: number[]): void {
  const gaps = arrivals.slice(1).map((t, i) => t - (arrivals[i] as number));
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000 - SLACK_MS);
  const span = (arrivals.at(-1) as number) - (arrivals[0] as number);
  expect(span).toBeGreaterThanOrEqual(gaps.length * 1000 - SLACK_MS);
}

/** `count` replicas of the listings service calling one geocoder double, a second apart. */
function replicasOf(count: number, extra: Record<string, string | undefined>) {
  const ctx = { geocoder: undefined as unknown as GeocoderDouble, replicas: [] as Running[] };
  beforeAll(async () => {
    ctx.geocoder = await GeocoderDouble.start();
    const module = createListings({ geocoder: { minIntervalMs: 1000 } });
    const settings = () => testSettings({ GEOCODER_URL: ctx.geocoder.url, ...extra });
    ctx.replicas = await Promise.all(Array.from({ length: count }, () => launch(settings(), [module])));
  });
  afterAll(async () => {
    await Promise.all(ctx.replicas.map((r) => r.stop()));
    await ctx.geocoder?.close();
  });
  return ctx;
}

describe("the geocoder's pace in one process", () => {
  const run = replicasOf(1, { REDIS_URL: undefined });
  it("starts concurrent lookups a second apart", async () => {
    await lookups(run.replicas, 3);
    expect(run.geocoder.arrivals).toHaveLength(3);
    paced(run.geocoder.arrivals);
  });
});

describe("the geocoder's pace across replicas sharing Redis", () => {
  const run = replicasOf(2, { REDIS_URL: redis });
  it("starts concurrent lookups through either replica a second apart", async () => {
    await lookups(run.replicas, 2);
    expect(run.geocoder.arrivals).toHaveLength(4);
    paced(run.geocoder.arrivals);
  });
});
