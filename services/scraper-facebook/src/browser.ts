import type { Logger } from "@dirabot/platform";
import { type Browser, type BrowserContext, chromium } from "playwright";
import type { BrowserCookie } from "./cookies.ts";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
];

/**
 * The system's Chromium (CHROME_PATH; Playwright never downloads a browser here), started on
 * first use and kept between runs: a start costs seconds on a small machine, a run's context
 * (with that run's cookies) is new each time, so nothing of one session leaks into the next.
 */
export class Chromium {
  #path: string;
  #log: Logger;
  #browser: Promise<Browser> | undefined;

  constructor(executablePath: string, log: Logger) {
    this.#path = executablePath;
    this.#log = log;
  }

  #launch(): Promise<Browser> {
    if (!this.#browser) {
      const starting = chromium.launch({ executablePath: this.#path, headless: true, args: ARGS });
      this.#browser = starting;
      starting.then(
        (b) => {
          this.#log.info({ version: b.version() }, "chromium started");
          b.on("disconnected", () => {
            if (this.#browser === starting) this.#browser = undefined; // crashed: start again next run
          });
        },
        () => {
          if (this.#browser === starting) this.#browser = undefined;
        },
      );
    }
    return this.#browser;
  }

  /** A fresh context holding `cookies`, with a desktop Chrome's face rather than "HeadlessChrome". */
  async context(cookies: BrowserCookie[]): Promise<BrowserContext> {
    const browser = await this.#launch();
    const major = browser.version().split(".")[0];
    const context = await browser.newContext({
      locale: "he-IL",
      timezoneId: "Asia/Jerusalem",
      viewport: { width: 1280, height: 900 },
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    });
    await context.addCookies(cookies);
    return context;
  }

  async close(): Promise<void> {
    const starting = this.#browser;
    this.#browser = undefined;
    const browser = await starting?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }
}
