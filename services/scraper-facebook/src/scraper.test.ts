import * as fs from "node:fs/promises";
import * as path from "node:path";
import { createClient } from "@connectrpc/connect";
import { listings } from "@dirabot/listings";
import { launch, type Running } from "@dirabot/platform";
import { tempDir, trustedTransport as transport, uniqueId } from "@dirabot/platform/testing";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedDatabase, testSettings } from "../test/env.ts";
import { FacebookDouble } from "../test/facebook-double.ts";
import { GeocoderDouble } from "../test/geocoder-double.ts";
import { offer, room, seeker, token } from "../test/group-posts.ts";
import { createScraperFacebook } from "./module.ts";

const WOLFSON = { lat: 32.0551, lon: 34.7712 };

// One Chromium for the file (replica `a`); replica `b` shares the database and the feeds but
// never gets a group to read, so it never starts one.
describe("the Facebook scraper, from group feeds into listings", { timeout: 90_000 }, () => {
  let fb: FacebookDouble;
  let geo: GeocoderDouble;
  let db: { url: string; stop(): Promise<void> };
  let a: Running;
  let b: Running;
  const scraperA = createScraperFacebook({ autoStart: false, scrolls: 4, scrollWaitMs: 800, batchSize: 2 });
  const scraperB = createScraperFacebook({ autoStart: false, scrolls: 4, scrollWaitMs: 800 });
  const [g1, g2] = [uniqueId(), uniqueId()];
  const cookieFile = path.join(tempDir(), "facebook-cookies.json");
  let catalog: ReturnType<typeof createClient<typeof ListingsService>>;
  let scraping: ReturnType<typeof createClient<typeof ScrapingService>>;

  const find = async (tag: string) => (await catalog.listListings({ filter: { searchText: tag } })).listings;
  const status = async () => (await scraping.getStatus({})).sources[0];

  beforeAll(async () => {
    [fb, geo, db] = await Promise.all([
      FacebookDouble.start({ pageSize: 3 }),
      GeocoderDouble.start(),
      sharedDatabase(),
    ]);
    geo.place("וולפסון", WOLFSON.lat, WOLFSON.lon, "וולפסון 12, פלורנטין, תל אביב-יפו, ישראל");
    await fb.writeCookieFile(cookieFile);
    const env = {
      DATABASE_URL: db.url,
      FACEBOOK_GROUPS: `${g1},${g2}`,
      FACEBOOK_COOKIES_FILE: cookieFile,
      FACEBOOK_URL: fb.url,
      GEOCODER_URL: geo.url,
    };
    a = await launch(testSettings(env), [listings, scraperA]);
    // b watches g1 only: while a reads it, b has nothing to do and starts no browser.
    b = await launch(
      testSettings({
        ...env,
        FACEBOOK_GROUPS: g1,
        LISTINGS_SERVICE_URL: `http://127.0.0.1:${a.internalPort}`,
      }),
      [scraperB],
    );
    catalog = createClient(ListingsService, transport(a));
    scraping = createClient(ScrapingService, transport(a));
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await Promise.all([fb?.close(), geo?.close(), db?.stop()]);
  });

  it("brings new offers in as listings with the parsed fields and the whole text, and skips seekers", async () => {
    const tag = token();
    fb.nameGroup(g1, "דירות להשכרה בתל אביב - ללא תיווך");
    const flat = fb.post(g1, { text: offer(tag), author: "נועה לוי", images: 2 });
    fb.post(g1, { text: seeker(tag) });
    const shared = fb.post(g2, { text: room(tag) });

    const run = await scraperA.tick();
    expect(run).toMatchObject({ ran: true, state: "online", error: "" });
    expect(run.ran && run.figures).toMatchObject({ new: 2, updated: 0, failed: 0, skipped: 1 });

    const got = await find(tag);
    expect(got.map((l) => l.externalId).sort()).toEqual([flat.id, shared.id].sort());
    const listing = got.find((l) => l.externalId === flat.id);
    expect(listing).toMatchObject({
      source: "facebook",
      description: offer(tag), // the part behind "see more" too
      price: 5500,
      rooms: 3,
      floor: 2,
      size: 75,
      merchant: false,
      kind: "apartment",
      street: "וולפסון",
      houseNumber: "12",
      contactName: "נועה לוי",
      sourceGroup: "דירות להשכרה בתל אביב - ללא תיווך", // the group's name as its page shows it
      link: `${fb.url}/groups/${g1}/posts/${flat.id}/`,
      images: flat.images,
      lat: WOLFSON.lat,
      lon: WOLFSON.lon,
    });
    expect(listing?.phone.replace(/\D/g, "")).toBe("0521234567");
    expect(got.find((l) => l.externalId === shared.id)).toMatchObject({ kind: "room", price: 2800 });
  });

  it("does not duplicate on a repeated run, and takes only what is new", async () => {
    const tag = token();
    const first = fb.post(g1, { text: offer(tag) });
    await scraperA.tick();
    const again = await scraperA.tick();
    expect(again.ran && again.figures).toMatchObject({ new: 0, updated: 0, failed: 0, skipped: 0 });
    expect((await find(tag)).map((l) => l.externalId)).toEqual([first.id]);

    const later = fb.post(g1, { text: room(tag) });
    const third = await scraperA.tick();
    expect(third.ran && third.figures).toMatchObject({ new: 1, skipped: 0 });
    expect((await find(tag)).map((l) => l.externalId).sort()).toEqual([first.id, later.id].sort());
  });

  it("reports its runs on GetStatus and keeps the last page as the preview", async () => {
    const s = await status();
    expect(s).toMatchObject({ name: "facebook-scraper", state: "online", lastError: "", mode: "browser" });
    expect(s?.hasPreview).toBe(true);
    expect(s?.intervalSeconds).toBe(300);
    expect(s?.lastRunAt).toBeDefined();
    expect(s?.lastSuccessAt).toBeDefined();
    const preview = await scraping.getPreview({ name: "facebook-scraper" });
    expect(preview.contentType).toBe("image/png");
    expect(Buffer.from(preview.image.subarray(0, 4)).toString("latin1")).toBe("\x89PNG");
  });

  it("goes on without coordinates when the geocoder fails", async () => {
    const tag = token();
    geo.failing = true;
    try {
      const post = fb.post(g2, { text: offer(tag, "שינקין 40") }); // a street no run has cached
      const run = await scraperA.tick();
      expect(run.ran && run.figures).toMatchObject({ new: 1, failed: 0 });
      const [listing] = await find(tag);
      expect(listing).toMatchObject({ externalId: post.id, price: 5500 });
      expect(listing?.lat).toBeUndefined();
    } finally {
      geo.failing = false;
    }
  });

  it("reads a group on one replica at a time", async () => {
    const tag = token();
    const post = fb.post(g1, { text: offer(tag) });
    const release = fb.hold(g1);
    const loads = fb.groupLoads(g1);
    const runA = scraperA.tick(); // takes g1's lease and waits on the feed
    let runB: Awaited<ReturnType<typeof scraperB.tick>>;
    try {
      // Chromium opening the page may take seconds on a loaded machine.
      await expect.poll(() => fb.groupLoads(g1), { timeout: 30_000 }).toBe(loads + 1);
      runB = await scraperB.tick(); // g1 is a's until its read ends
    } finally {
      release(); // never leave the feed held for the tests after this one
    }
    expect(await runA).toMatchObject({ ran: true, state: "online" });
    expect(runB).toEqual({ ran: false, reason: "every group is leased" });
    expect(fb.groupLoads(g1)).toBe(loads + 1);
    expect((await find(tag)).map((l) => l.externalId)).toEqual([post.id]);
  });

  it("goes offline on a login wall and loads no page until the cookie file changes", async () => {
    fb.expireSessions("login");
    expect(await scraperA.tick()).toMatchObject({ ran: true, state: "offline", error: "session expired" });
    expect(await status()).toMatchObject({ state: "offline", lastError: "session expired" });
    const blocked = async () => (await scraping.getFigures({})).sources[0]?.blocked ?? [];
    const [open] = await blocked(); // the figures' timeline: one period, still open
    expect(open).toMatchObject({ reason: "session expired" });
    expect(open?.from).toBeDefined();
    expect(open?.to).toBeUndefined();
    const requests = fb.requests.length;
    for (let i = 0; i < 2; i++)
      expect(await scraperA.tick()).toEqual({
        ran: false,
        reason: "session expired: waiting for a new cookie file",
      });
    expect(fb.requests.length).toBe(requests);

    const tag = token();
    const post = fb.post(g1, { text: offer(tag) });
    await fb.writeCookieFile(cookieFile, "storage-state"); // the operator exports a new session
    expect(await scraperA.tick()).toMatchObject({ ran: true, state: "online", error: "" });
    expect((await find(tag)).map((l) => l.externalId)).toEqual([post.id]);
    expect(await status()).toMatchObject({ state: "online", lastError: "" });
    // The run after the new cookie file closed the period; this configuration's runs are summed.
    const [closed] = await blocked();
    expect(closed?.to).toBeDefined();
    expect((await blocked()).length).toBe(1);
    const figures = (await scraping.getFigures({})).sources[0];
    expect(figures?.name).toBe("facebook-scraper");
    expect(figures?.lastHour?.runs).toBeGreaterThanOrEqual(3);
    expect(figures?.lastHour?.failedRuns).toBeGreaterThanOrEqual(1);
    expect(figures?.lastHour?.new).toBeGreaterThanOrEqual(2);
    expect(figures?.lastDay).toEqual(figures?.lastHour);
  });

  it("tells a checkpoint, a missing and a broken cookie file, each without looping", async () => {
    fb.expireSessions("checkpoint");
    expect(await scraperA.tick()).toMatchObject({ ran: true, state: "offline", error: "checkpoint" });
    expect(await status()).toMatchObject({ state: "offline", lastError: "checkpoint" });

    await fs.rm(cookieFile);
    const missing = `cookie file ${cookieFile} is missing`;
    expect(await scraperA.tick()).toEqual({ ran: false, reason: missing });
    expect(await status()).toMatchObject({ state: "offline", lastError: missing });

    await fs.writeFile(cookieFile, "<html>not an export</html>");
    expect(await scraperA.tick()).toMatchObject({
      ran: true,
      state: "offline",
      error: "cookie file is not JSON",
    });
    const requests = fb.requests.length;
    expect(await scraperA.tick()).toMatchObject({ ran: false });
    expect(fb.requests.length).toBe(requests);

    await fb.writeCookieFile(cookieFile);
    expect(await scraperA.tick()).toMatchObject({ ran: true, state: "online" });
  });

  it("stops promptly with a read in flight", async () => {
    const release = fb.hold(g1);
    try {
      const loads = fb.groupLoads(g1);
      const run = scraperA.tick();
      await expect.poll(() => fb.groupLoads(g1), { timeout: 30_000 }).toBe(loads + 1);
      await a.stop(); // closes the browser under the page load instead of waiting for it
      expect(await run).toEqual({ ran: false, reason: "stopping" });
    } finally {
      release();
    }
  });
});
