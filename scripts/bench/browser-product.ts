import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { gateway } from "@dirabot/gateway";
import {
  type AnyServiceModule,
  createLogger,
  launch,
  loadSettings,
  startEmbeddedPostgres,
} from "@dirabot/platform";
import { NODE } from "@dirabot/platform/testing";
import { type Browser, chromium } from "playwright";
import { tmp } from "./figures.ts";

const root = path.resolve(import.meta.dirname, "../..");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The product in one process on a fresh embedded PostgreSQL, with Debian's Chromium beside it. */
export interface BrowserProduct {
  base: string;
  /** The embedded database's address, for benches that fill it by SQL. */
  databaseUrl: string;
  browser: Browser;
  stop(): Promise<void>;
}

/** Builds the SPA if stale, starts the given services with the gateway, and opens Chromium. */
export async function startBrowserProduct(modules: AnyServiceModule[]): Promise<BrowserProduct> {
  const built = spawnSync(NODE, [path.join(root, "scripts/build.ts")], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("the SPA did not build");
  const dataDir = tmp();
  const embedded = await startEmbeddedPostgres(dataDir, createLogger("silent"));
  const settings = loadSettings({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: embedded.url,
  });
  const running = await launch(settings, modules, gateway());
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
    ],
  });
  return {
    base: `http://127.0.0.1:${running.port}`,
    databaseUrl: embedded.url,
    browser,
    async stop() {
      await browser.close();
      await running.stop();
      await embedded.stop();
    },
  };
}
