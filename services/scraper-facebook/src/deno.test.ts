import * as path from "node:path";
import { createClient } from "@connectrpc/connect";
import { listings } from "@dirabot/listings";
import { launch, type Running } from "@dirabot/platform";
import { tempDir, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { denoInstance } from "@dirabot/platform/testing/vitest";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { afterAll, describe, expect, it } from "vitest";
import { sharedDatabase, testSettings } from "../test/env.ts";
import { FacebookDouble } from "../test/facebook-double.ts";
import { GeocoderDouble } from "../test/geocoder-double.ts";
import { offer, token } from "../test/group-posts.ts";

// Internal listeners, signed with the run's SERVICE_SECRET (the child process inherits it).
const transport = (port: number) => trustedTransport(`http://127.0.0.1:${port}`);

describe("the scraper-facebook service under Deno", () => {
  let fb: FacebookDouble | undefined;
  let geo: GeocoderDouble | undefined;
  let db: { url: string; stop(): Promise<void> } | undefined;
  let catalog: Running | undefined;
  afterAll(async () => {
    await catalog?.stop();
    await fb?.close();
    await geo?.close();
    await db?.stop();
  });
  const start = denoInstance("services/scraper-facebook/test/instance.ts", ["scraper-facebook"]);

  it("reads a group in Chromium through Playwright and hands the posts to listings", async () => {
    [fb, db] = await Promise.all([FacebookDouble.start(), sharedDatabase()]);
    const group = uniqueId();
    const tag = token();
    const post = fb.post(group, { text: offer(tag, "שינקין 40") });
    const cookieFile = path.join(tempDir(), "cookies.json");
    await fb.writeCookieFile(cookieFile);
    geo = await GeocoderDouble.start();
    catalog = await launch(testSettings({ DATABASE_URL: db.url, GEOCODER_URL: geo.url }), [listings]);
    // The embedded database is reachable only inside this process: the child keeps its own.
    const scraper = await start({
      FACEBOOK_GROUPS: group,
      FACEBOOK_COOKIES_FILE: cookieFile,
      FACEBOOK_URL: fb.url,
      LISTINGS_SERVICE_URL: `http://127.0.0.1:${catalog.internalPort}`,
    });
    const found = await waitFor(
      async () => {
        const { listings: got } = await createClient(
          ListingsService,
          transport(catalog?.internalPort ?? 0),
        ).listListings({
          filter: { searchText: tag },
        });
        return got.length > 0 ? got : undefined;
      },
      "the post as a listing",
      60_000,
    );
    expect(found.map((l) => [l.source, l.externalId, l.price])).toEqual([["facebook", post.id, 5500]]);
    const scraping = createClient(ScrapingService, scraper.transport);
    const status = await waitFor(async () => {
      const [s] = (await scraping.getStatus({})).sources;
      return s?.lastSuccessAt ? s : undefined;
    }, "a successful run on the status");
    expect(status).toMatchObject({ name: "facebook-scraper", state: "online", hasPreview: true });
  }, 120_000);
});
