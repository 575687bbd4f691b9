import * as fs from "node:fs";
import * as path from "node:path";
import { listings } from "@dirabot/listings";
import { launch, type Running } from "@dirabot/platform";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fast, testSettings } from "../test/env.ts";
import { browse, forget, scrapingOf, statusOf } from "../test/listings-view.ts";
import { Yad2Double } from "../test/yad2-double.ts";
import { createScraperYad2 } from "./module.ts";

describe("the Yad2 scraper in browser mode (headless Chromium at CHROME_PATH)", () => {
  let yad2: Yad2Double;
  let running: Running;

  beforeAll(async () => {
    yad2 = await Yad2Double.start({ unknownItems: "alive" });
    yad2.addListings(12, { city: 5000 });
    running = await launch(
      testSettings({
        YAD2_API_URL: yad2.url,
        YAD2_CITIES: "5000",
        SCRAPER_MODE: "browser",
        CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      }),
      [listings, createScraperYad2({ ...fast, namespace: uniqueId(), cleanerIntervalMs: 3_600_000 })],
    );
  });
  afterAll(async () => {
    if (running) await forget(running, [...(yad2?.listings.keys() ?? [])]).catch(() => undefined);
    await running?.stop();
    await yad2?.close();
  });

  it("fetches through Chromium and keeps a screenshot of the last page as the preview", async () => {
    await waitFor(
      async () => ((await browse(running, yad2.tag)).size === 12 ? true : undefined),
      "12 listings",
      90_000, // Chromium starts slowly on a busy machine
    );
    const status = await waitFor(
      async () => {
        const s = await statusOf(running, "yad2-scraper");
        return s.hasPreview ? s : undefined;
      },
      "a preview",
      30_000,
    );
    expect(status).toMatchObject({ state: "online", mode: "browser" });
    const preview = await scrapingOf(running).getPreview({ name: "yad2-scraper" });
    expect(preview.contentType).toBe("image/png");
    expect(Buffer.from(preview.image).subarray(1, 4).toString()).toBe("PNG");
    const file = path.join(running.settings.DATA_DIR, "screenshots", "yad2-scraper.png");
    expect(fs.readFileSync(file).subarray(1, 4).toString()).toBe("PNG");
  }, 150_000);

  it("sees the captcha through the browser too, and recovers", async () => {
    yad2.block("captcha");
    const offline = await waitFor(
      async () => {
        const s = await statusOf(running, "yad2-scraper");
        return s.state === "offline" ? s : undefined;
      },
      "offline",
      60_000,
    );
    expect(offline.lastError).toMatch(/ShieldSquare Captcha/);
    yad2.unblock();
    await waitFor(
      async () => ((await statusOf(running, "yad2-scraper")).state === "online" ? true : undefined),
      "online again",
      60_000,
    );
  }, 150_000);
});
