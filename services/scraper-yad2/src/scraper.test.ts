import { timestampDate } from "@bufbuild/protobuf/wkt";
import { listings } from "@dirabot/listings";
import { launch, type Running } from "@dirabot/platform";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fast, testSettings } from "../test/env.ts";
import { browse, forget, listingsOf, statusOf } from "../test/listings-view.ts";
import { Yad2Double } from "../test/yad2-double.ts";
import { createScraperYad2 } from "./module.ts";

describe("the Yad2 scraper and cleaner against the Yad2 double", () => {
  let yad2: Yad2Double;
  let running: Running;
  const view = () => browse(running, yad2.tag);

  beforeAll(async () => {
    // Tokens the double never listed stay alive: other tests' Yad2 listings on a shared database.
    yad2 = await Yad2Double.start({ unknownItems: "alive" });
    yad2.addListings(450, { city: 5000 });
    running = await launch(testSettings({ YAD2_API_URL: yad2.url, YAD2_CITIES: "5000" }), [
      listings,
      createScraperYad2({ ...fast, namespace: uniqueId() }),
    ]);
  });
  afterAll(async () => {
    if (running) await forget(running, [...(yad2?.listings.keys() ?? [])]).catch(() => undefined);
    await running?.stop();
    await yad2?.close();
  });

  it("brings all 450 listings of a city, over the 200-marker cap, with their details", async () => {
    const seen = await waitFor(
      async () => {
        const v = await view();
        return v.size === 450 ? v : undefined;
      },
      "450 listings to arrive",
      90_000,
    );
    expect([...seen.keys()].sort()).toEqual([...yad2.listings.keys()].sort());
    expect(yad2.mapRequests().length).toBeGreaterThan(1); // the first answer was capped and split
    const [token, l] = [...seen.entries()][0] as [
      string,
      typeof seen extends Map<string, infer L> ? L : never,
    ];
    const d = yad2.listings.get(token);
    expect(l).toMatchObject({
      source: "yad2",
      link: `https://www.yad2.co.il/realestate/item/${token}`,
      price: d?.price,
      rooms: d?.rooms,
      street: d?.street,
      houseNumber: String(d?.house),
      neighborhood: d?.hood,
      merchant: d?.adType === "commercial",
      description: d?.description,
      contactName: d?.contactName,
      entryDate: "immediate",
    });
    // the double places listings inside real neighbourhoods: the polygon decides the same code
    const placed = [...seen.entries()].map(([t, x]) => [
      x.neighborhoodCode,
      x.neighborhoodMethod,
      yad2.listings.get(t)?.hoodId,
    ]);
    expect(placed.filter(([code, method, hood]) => code !== hood || method !== "polygon")).toEqual([]);
    expect(timestampDate(l.postedAt as never).getUTCDate()).toBe(Number(d?.createdAt.slice(8, 10)));
    // The run's figures are recorded when it ends, after its listings are in (a loaded box shows
    // the gap): read them once that run has been recorded.
    const status = await waitFor(async () => {
      const s = await statusOf(running, "yad2-scraper");
      return s.itemsLastRun === 450 ? s : undefined;
    }, "the run's figures");
    expect(status).toMatchObject({ state: "online", lastError: "", mode: "http" });
    const { fetched, new: created, updated, failed, durationMs } = status;
    console.info(`yad2-scraper run: ${JSON.stringify({ fetched, created, updated, failed, durationMs })}`);
  }, 120_000);

  it("does not duplicate a token seen again in later runs", async () => {
    const runs = yad2.mapRequests().length;
    await waitFor(async () => (yad2.mapRequests().length > runs + 3 ? true : undefined), "more runs");
    expect((await view()).size).toBe(450);
  });

  it("records a price change", async () => {
    const [token, l] = [...(await view()).entries()][5] as [string, { id: string; price?: number }];
    const price = (l.price ?? 5000) + 350;
    yad2.setPrice(token, price);
    const client = listingsOf(running);
    await waitFor(
      async () => ((await client.getListing({ id: l.id })).listing?.price === price ? true : undefined),
      "the new price",
    );
  });

  it("goes offline on a captcha page, keeps every listing, and recovers by itself", async () => {
    yad2.block("captcha");
    const offline = await waitFor(async () => {
      const s = await statusOf(running, "yad2-scraper");
      return s.state === "offline" ? s : undefined;
    }, "the scraper to go offline");
    expect(offline.lastError).toMatch(/captcha/i);
    await waitFor(async () => {
      const s = await statusOf(running, "yad2-cleaner");
      return s.state === "offline" ? s : undefined;
    }, "the cleaner to go offline");
    expect((await view()).size).toBe(450);

    yad2.unblock();
    for (const name of ["yad2-scraper", "yad2-cleaner"])
      await waitFor(
        async () => ((await statusOf(running, name)).state === "online" ? true : undefined),
        `${name} to recover`,
      );
    expect((await view()).size).toBe(450);
  });

  it("records nothing while Yad2 itself fails, and says so", async () => {
    yad2.failing();
    for (const name of ["yad2-scraper", "yad2-cleaner"]) {
      const s = await waitFor(async () => {
        const x = await statusOf(running, name);
        return x.state === "offline" ? x : undefined;
      }, `${name} to go offline`);
      expect(s.lastError).toMatch(/HTTP 500/);
    }
    expect((await view()).size).toBe(450);
    yad2.failing(false);
    for (const name of ["yad2-scraper", "yad2-cleaner"])
      await waitFor(
        async () => ((await statusOf(running, name)).state === "online" ? true : undefined),
        `${name} to recover`,
      );
  });

  it("lets the cleaner mark a removed listing removed", async () => {
    const [token, l] = [...(await view()).entries()][7] as [string, { id: string }];
    yad2.remove(token);
    // On a shared database every test process's cleaner re-checks every Yad2 listing, oldest
    // check first, and the others' doubles answer "alive" for a token they never listed: each
    // such answer sends this one to the back of the queue until this double's cleaner asks.
    await waitFor(
      async () => ((await view()).has(token) ? undefined : true),
      "the listing to leave browsing",
      60_000,
    );
    const kept = await listingsOf(running).getListing({ id: l.id });
    expect(kept.listing?.removedAt).toBeDefined();
    const cleaner = await statusOf(running, "yad2-cleaner");
    expect(cleaner).toMatchObject({ state: "online", lastError: "" });
  }, 90_000);
});
