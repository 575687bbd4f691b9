import { Chromium } from "@dirabot/scraping";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Yad2Double } from "../../test/yad2-double.ts";
import { BrowserFetcher } from "./browser-fetcher.ts";
import { Yad2Client } from "./client.ts";
import { BlockedError } from "./errors.ts";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const signal = new AbortController().signal;

describe("the Yad2 client in browser mode (headless Chromium)", () => {
  let yad2: Yad2Double;
  let chromium: Chromium;
  let fetcher: BrowserFetcher;
  let client: Yad2Client;
  beforeAll(async () => {
    yad2 = await Yad2Double.start();
    chromium = new Chromium(CHROME);
    fetcher = new BrowserFetcher({ chromium, timeoutMs: 15_000 });
    client = new Yad2Client({ baseUrl: yad2.url, fetcher });
  });
  afterAll(async () => {
    await fetcher?.close();
    await chromium?.close();
    await yad2?.close();
  });

  it("loads the map feed and items as pages and keeps a screenshot of the last one", async () => {
    const [l] = yad2.addListings(3, { city: 5000 });
    const markers = await client.map({ region: 3, city: 5000 }, signal);
    expect(markers).toHaveLength(3);
    const answer = await client.item(l?.token as string, signal);
    expect(answer.gone).toBe(false);
    yad2.remove(l?.token as string);
    expect(await client.item(l?.token as string, signal)).toEqual({ gone: true });
    const png = await fetcher.snapshot();
    expect(
      Buffer.from(png as Uint8Array)
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  it("takes concurrent requests in turn on its one page", async () => {
    const made = yad2.addListings(6, { city: 6300 });
    const answers = await Promise.all(made.map((l) => client.item(l.token, signal)));
    expect(answers.map((a) => a.gone)).toEqual(made.map(() => false));
  });

  it.each(["captcha", "redirect"] as const)(
    "sees a block (%s) without leaving the page's origin",
    async (mode) => {
      yad2.block(mode);
      try {
        const err = await client.map({ region: 3, city: 5000 }, signal).catch((e) => e);
        expect(err).toBeInstanceOf(BlockedError);
        expect(err.message).toMatch(mode === "captcha" ? /ShieldSquare Captcha/ : /perfdrive/);
      } finally {
        yad2.unblock();
      }
    },
  );
});
