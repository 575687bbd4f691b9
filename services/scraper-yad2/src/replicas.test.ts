import * as net from "node:net";
import { listings } from "@dirabot/listings";
import {
  createLogger,
  type EmbeddedPostgres,
  launch,
  type Running,
  startEmbeddedPostgres,
} from "@dirabot/platform";
import { external, tempDir, uniqueId, waitFor } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fast, testSettings } from "../test/env.ts";
import { browse, forget, statusOf } from "../test/listings-view.ts";
import { Yad2Double } from "../test/yad2-double.ts";
import { createScraperYad2 } from "./module.ts";

/**
 * Two replicas of the scraper on one database (the CI PostgreSQL, or one embedded PostgreSQL
 * both launches in this process reach): the leases let each map query reach Yad2 once per interval.
 */
describe("two replicas of the Yad2 scraper sharing a database", () => {
  // Each replica talks to its own double holding the same listings, so we see who asked what.
  const doubles: Yad2Double[] = [];
  let embedded: EmbeddedPostgres | undefined;
  const replicas: Running[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) doubles.push(await Yad2Double.start({ unknownItems: "alive" }));
    const [a, b] = doubles as [Yad2Double, Yad2Double];
    a.addListings(450, { city: 5000 });
    for (const [token, l] of a.listings) b.listings.set(token, { ...l });
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), createLogger("silent"));
    const options = {
      ...fast,
      namespace: uniqueId(),
      // one crawl each interval: a second fetch of anything would be a replica doing it twice
      scraperIntervalMs: 3_600_000,
      autoStart: ["yad2-scraper" as const],
    };
    for (const d of doubles) {
      const env = {
        YAD2_API_URL: d.url,
        YAD2_CITIES: "5000",
        DATABASE_URL: external.database ?? embedded?.url,
      };
      replicas.push(await launch(testSettings(env), [listings, createScraperYad2(options)]));
    }
  }, 90_000);
  afterAll(async () => {
    const tokens = [...(doubles[0]?.listings.keys() ?? [])];
    if (replicas[0]) await forget(replicas[0], tokens).catch(() => undefined);
    for (const r of replicas) await r.stop();
    await embedded?.stop();
    for (const d of doubles) await d.close();
  });

  it("crawl a city on one replica only, each map query once", async () => {
    const [a, b] = replicas as [Running, Running];
    const tag = (doubles[0] as Yad2Double).tag;
    await waitFor(
      async () => ((await browse(a, tag)).size === 450 ? true : undefined),
      "450 listings",
      90_000,
    );
    for (const r of [a, b])
      await waitFor(
        async () => ((await statusOf(r, "yad2-scraper")).state === "online" ? true : undefined),
        "the run's figures",
      );
    await new Promise((r) => setTimeout(r, 1000)); // many more looks at the schedule by both replicas

    const asked = doubles.map((d) => d.mapRequests().map((q) => q.toString()));
    expect(asked.filter((q) => q.length > 0)).toHaveLength(1);
    const queries = asked.flat();
    expect(queries.length).toBeGreaterThan(1); // capped at 200: split
    expect(new Set(queries).size).toBe(queries.length);
    // both replicas answer the same status
    const [sa, sb] = [await statusOf(a, "yad2-scraper"), await statusOf(b, "yad2-scraper")];
    expect(sb).toEqual(sa);
    expect(sa.fetched).toBe(450);
  }, 150_000);
});

describe("a replica stopped in the middle of a run", () => {
  let yad2: Yad2Double;
  let silent: net.Server;
  let embedded: EmbeddedPostgres | undefined;
  const running: Running[] = [];
  afterAll(async () => {
    if (running[0]) await forget(running[0], [...(yad2?.listings.keys() ?? [])]).catch(() => undefined);
    for (const r of running) await r.stop();
    await embedded?.stop();
    await yad2?.close();
    silent?.close();
  });

  it("hands its unit back at once, so another replica crawls it without waiting for the lease", async () => {
    // A "Yad2" that accepts the connection and never answers: replica A hangs inside its request.
    let connected = false;
    silent = net.createServer(() => {
      connected = true;
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const hang = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    yad2 = await Yad2Double.start({ unknownItems: "alive" });
    yad2.addListings(5, { city: 5000 });
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), createLogger("silent"));
    const DATABASE_URL = external.database ?? embedded?.url;
    // a lease far longer than the test: only a handed-back unit can be taken by B
    const options = { ...fast, namespace: uniqueId(), leaseTtlMs: 600_000, timeoutMs: 600_000 };
    const a = await launch(testSettings({ YAD2_API_URL: hang, YAD2_CITIES: "5000", DATABASE_URL }), [
      listings,
      createScraperYad2(options),
    ]);
    await waitFor(async () => (connected ? true : undefined), "replica A to be inside a request");
    await a.stop(); // prompt: the run is abandoned, not waited for

    const b = await launch(testSettings({ YAD2_API_URL: yad2.url, YAD2_CITIES: "5000", DATABASE_URL }), [
      listings,
      createScraperYad2(options),
    ]);
    running.push(b);
    await waitFor(
      async () => ((await browse(b, yad2.tag)).size === 5 ? true : undefined),
      "B's crawl",
      60_000,
    );
  }, 150_000);
});
