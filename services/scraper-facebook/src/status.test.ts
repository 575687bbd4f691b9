import * as path from "node:path";
import { type Timestamp, timestampMs } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { tempDir, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedDatabase, testSettings } from "../test/env.ts";
import { createScraperFacebook } from "./module.ts";

const scrapingOf = (r: Running) => createClient(ScrapingService, trustedTransport(r));

// What the operator sees before the scraper can read anything. No browser starts in this file.
describe("the Facebook scraper's status from its configuration", { timeout: 90_000 }, () => {
  let db: { url: string; stop(): Promise<void> };
  const running: Running[] = [];
  const start = async (env: Record<string, string>, module = createScraperFacebook()) => {
    const r = await launch(testSettings({ DATABASE_URL: db.url, ...env }), [module]);
    running.push(r);
    return { module, status: async () => (await scrapingOf(r).getStatus({})).sources, client: scrapingOf(r) };
  };

  beforeAll(async () => {
    db = await sharedDatabase();
  }, 120_000);
  afterAll(async () => {
    for (const r of running) await r.stop();
    await db?.stop();
  });

  it("is disabled without FACEBOOK_GROUPS, and has no preview", async () => {
    const s = await start({});
    expect(await s.status()).toEqual([
      expect.objectContaining({
        name: "facebook-scraper",
        state: "disabled",
        lastError: "FACEBOOK_GROUPS is unset",
        mode: "browser",
        hasPreview: false,
        intervalSeconds: 300,
      }),
    ]);
    expect(await s.module.tick()).toEqual({ ran: false, reason: "FACEBOOK_GROUPS is unset" });
    const err = await s.client
      .getPreview({ name: "facebook-scraper" })
      .then(() => undefined, ConnectError.from);
    expect(err?.code).toBe(Code.NotFound);
  });

  it("is disabled with groups but no cookie file configured", async () => {
    const s = await start({ FACEBOOK_GROUPS: uniqueId() });
    expect((await s.status())[0]).toMatchObject({
      state: "disabled",
      lastError: "FACEBOOK_COOKIES_FILE is unset",
    });
  });

  it("runs its loop on the interval and says when the cookie file is missing", async () => {
    const file = path.join(tempDir(), "missing-cookies.json");
    const s = await start(
      { FACEBOOK_GROUPS: `${uniqueId()},${uniqueId()}`, FACEBOOK_COOKIES_FILE: file },
      createScraperFacebook({ intervalMs: 200 }),
    );
    const first = await waitFor(async () => {
      const [st] = await s.status();
      return st?.nextRunAt ? st : undefined;
    }, "the loop's first step");
    expect(first).toMatchObject({
      state: "offline",
      lastError: `cookie file ${file} is missing`,
      intervalSeconds: 1,
    });
    expect(first.lastRunAt).toBeUndefined(); // nothing was loaded
    // The loop goes on: the next step is planned later than the first.
    const firstNext = timestampMs(first.nextRunAt as Timestamp);
    await waitFor(async () => {
      const [st] = await s.status();
      return st?.nextRunAt && timestampMs(st.nextRunAt) > firstNext ? true : undefined;
    }, "the loop's next step");
  });
});
