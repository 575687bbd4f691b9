import type { Chromium } from "@dirabot/scraping";
import type { BrowserContext, Page } from "playwright-core";
import { BROWSER_HEADERS, type Fetcher, type RawAnswer } from "./fetcher.ts";

/**
 * Browser mode: every request is a page load in headless Chromium (Debian's, at CHROME_PATH —
 * browsers are never downloaded). A redirect away from the requested origin (the captcha host)
 * is reported as such, whether the page then loaded or failed.
 */
export class BrowserFetcher implements Fetcher {
  readonly mode = "browser" as const;
  readonly #chromium: Chromium;
  readonly #timeoutMs: number;
  #context: BrowserContext | undefined;
  #page: Page | undefined;
  #allowed = "";
  /** Where the last navigation was redirected outside the allowed origin (e.g. the captcha host). */
  #refused: string | undefined;
  #queue: Promise<void> = Promise.resolve();

  constructor(opts: { chromium: Chromium; timeoutMs: number }) {
    this.#chromium = opts.chromium;
    this.#timeoutMs = opts.timeoutMs;
  }

  async #open(): Promise<Page> {
    if (this.#page && !this.#page.isClosed()) return this.#page;
    await this.#context?.close().catch(() => undefined);
    const context = await this.#chromium.context({
      userAgent: BROWSER_HEADERS["User-Agent"],
      locale: "he-IL",
      extraHTTPHeaders: { "Accept-Language": BROWSER_HEADERS["Accept-Language"] as string },
    });
    const page = await context.newPage();
    // Nothing but the requested origin loads (no trackers, no third-party scripts) ...
    await page.route("**/*", (route) =>
      new URL(route.request().url()).origin === this.#allowed
        ? route.continue()
        : route.abort("blockedbyclient"),
    );
    // ... but Chromium follows redirects past the route, so a hop elsewhere is noted here.
    page.on("request", (r) => {
      const target = new URL(r.url());
      if (r.redirectedFrom() && target.origin !== this.#allowed) this.#refused = target.toString();
    });
    this.#context = context;
    this.#page = page;
    return page;
  }

  /** One page navigates one URL at a time: concurrent callers take turns. */
  get(url: string, signal: AbortSignal): Promise<RawAnswer> {
    const turn = this.#queue.then(() => this.#load(url, signal));
    this.#queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  async #load(url: string, signal: AbortSignal): Promise<RawAnswer> {
    signal.throwIfAborted();
    const page = await this.#open();
    this.#allowed = new URL(url).origin;
    this.#refused = undefined;
    const abort = () => void page.close().catch(() => undefined);
    signal.addEventListener("abort", abort, { once: true });
    try {
      const res = await page.goto(url, { timeout: this.#timeoutMs, waitUntil: "load" });
      if (!res) throw new Error(`no answer loading ${url}`);
      return {
        status: res.status(),
        url: page.url(),
        location: this.#refused,
        contentType: res.headers()["content-type"] ?? "",
        body: await res.text(),
      };
    } catch (err) {
      signal.throwIfAborted();
      // The navigation left the origin (a redirect we refused): report where it was going.
      // Playwright may deliver the redirect's response event after the failed navigation.
      for (let i = 0; i < 20 && !this.#refused && !page.isClosed(); i++) await page.waitForTimeout(50);
      const away = this.#refused;
      if (away) return { status: 302, url, location: away, contentType: "", body: "" };
      throw err;
    } finally {
      signal.removeEventListener("abort", abort);
    }
  }

  async snapshot(): Promise<Uint8Array | undefined> {
    if (!this.#page || this.#page.isClosed()) return undefined;
    return new Uint8Array(await this.#page.screenshot({ type: "png" }));
  }

  async close(): Promise<void> {
    const context = this.#context;
    this.#context = undefined;
    this.#page = undefined;
    await context?.close().catch(() => undefined);
  }
}
