import type { Logger } from "@dirabot/platform";
import type { Browser, BrowserContext, BrowserContextOptions } from "playwright-core";

/**
 * Chromium's flags for a server: headless, no sandbox (containers run it as an unprivileged user
 * without user namespaces), no GPU, no first-run pages and no background traffic of its own.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
];

/** Cookies as a context takes them (a cookie export's entries, each with its domain and path). */
export type BrowserCookie = Parameters<BrowserContext["addCookies"]>[0][number];

/**
 * The one headless Chromium of a process: the system's browser (at CHROME_PATH; Playwright never
 * downloads one here), launched on first use and shared by every run after it, since a start
 * costs seconds on a small machine. A browser that crashed or was closed is launched again on
 * the next use. Each caller works in contexts of its own (cookies, user agent, locale), so
 * nothing of one session leaks into another.
 */
export class Chromium {
  readonly #path: string;
  readonly #log: Logger | undefined;
  #browser: Promise<Browser> | undefined;

  constructor(executablePath: string, log?: Logger) {
    this.#path = executablePath;
    this.#log = log;
  }

  /** The running browser, launched now when there is none. */
  browser(): Promise<Browser> {
    if (!this.#browser) {
      // Playwright is loaded on the first use (its heap is large): a product that never scrapes
      // through a browser never carries it.
      const starting = import("playwright-core").then(({ chromium }) =>
        chromium.launch({ executablePath: this.#path, headless: true, args: CHROMIUM_ARGS }),
      );
      this.#browser = starting;
      starting.then(
        (b) => {
          this.#log?.info({ version: b.version() }, "chromium started");
          b.on("disconnected", () => {
            if (this.#browser === starting) this.#browser = undefined; // crashed: launch again next use
          });
        },
        () => {
          if (this.#browser === starting) this.#browser = undefined; // a failed launch is tried again
        },
      );
    }
    return this.#browser;
  }

  /**
   * A new context with `options` (given the browser's version when they depend on it, as a user
   * agent naming the same Chrome does) holding `cookies`.
   */
  async context(
    options: BrowserContextOptions | ((version: string) => BrowserContextOptions),
    cookies: BrowserCookie[] = [],
  ): Promise<BrowserContext> {
    const browser = await this.browser();
    const context = await browser.newContext(
      typeof options === "function" ? options(browser.version()) : options,
    );
    if (cookies.length > 0) await context.addCookies(cookies);
    return context;
  }

  /** Closes the browser (a page load in flight fails at once); the next use launches it again. */
  async close(): Promise<void> {
    const starting = this.#browser;
    this.#browser = undefined;
    const browser = await starting?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }
}
