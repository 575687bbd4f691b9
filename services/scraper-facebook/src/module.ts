import * as os from "node:os";
import * as path from "node:path";
import { ownSettings, type ServiceModule } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { Chromium, Leases, Poller } from "@dirabot/scraping";
import { facebook } from "../migrations/0001_facebook.ts";
import { figures } from "../migrations/0002_figures.ts";
import { leases } from "../migrations/0003_leases.ts";
import type { FacebookDb } from "./db.ts";
import { FiguresRepo } from "./figures.repo.ts";
import { parsePost } from "./parser/index.ts";
import { FacebookScraper, type TickOutcome } from "./scraper.service.ts";
import { routes } from "./server.ts";
import { scraperFacebookSettings } from "./settings.ts";
import { StateRepo } from "./state.repo.ts";
import { StatusService } from "./status.service.ts";
import { PostTaker } from "./take.service.ts";

export interface ScraperFacebookOptions {
  /** Start the interval loop at begin() (default true); tests drive runs with `tick()`. */
  autoStart?: boolean;
  /** Default FACEBOOK_INTERVAL_SECONDS. */
  intervalMs?: number;
  /** Scrolls per group feed at most (default 8). */
  scrolls?: number;
  /** How long to wait for more posts after a scroll (default 4 s). */
  scrollWaitMs?: number;
  navigationTimeoutMs?: number;
  /**
   * How long a replica may hold a group (default 5 min: a read is bounded by the navigation
   * timeout and the scroll budget; a crashed holder's group is free again after this).
   */
  leaseSeconds?: number;
  /** Listings per Ingest call (default 25). */
  batchSize?: number;
}

export type ScraperFacebookModule = ServiceModule<FacebookDb> & {
  /** Runs one interval's step now, as the loop would (the last started instance). */
  tick(): Promise<TickOutcome>;
};

/** The scraper-facebook service: apartment groups read in headless Chromium, posts into listings. */
export function createScraperFacebook(options: ScraperFacebookOptions = {}): ScraperFacebookModule {
  let current: FacebookScraper | undefined;
  return {
    name: "scraper-facebook",
    schema: "scraper_facebook",
    migrations: { "0001_facebook": facebook, "0002_figures": figures, "0003_leases": leases },
    settings: scraperFacebookSettings,
    tick() {
      if (!current) throw new Error("scraper-facebook is not started");
      return current.tick();
    },
    async start(ctx) {
      const s = ownSettings(ctx.settings, scraperFacebookSettings);
      const repo = new StateRepo(ctx.db);
      const previewPath = path.resolve(ctx.settings.DATA_DIR, "scraper-facebook", "last-page.png");
      const groups = [...new Set((s.FACEBOOK_GROUPS ?? "").split(",").filter(Boolean))];
      const scope = [...groups].sort().join(",");
      const intervalMs = options.intervalMs ?? s.FACEBOOK_INTERVAL_SECONDS * 1000;
      const chrome = new Chromium(s.CHROME_PATH, ctx.log);
      const taker = new PostTaker({
        repo,
        listings: ctx.client("listings", ListingsService),
        parse: parsePost,
        log: ctx.log,
        baseUrl: s.FACEBOOK_URL,
        batchSize: options.batchSize ?? 25,
      });
      const scraper = new FacebookScraper({
        cfg: {
          groups,
          scope,
          cookiesFile: s.FACEBOOK_COOKIES_FILE,
          baseUrl: s.FACEBOOK_URL,
          scrolls: options.scrolls ?? 8,
          scrollWaitMs: options.scrollWaitMs ?? 4000,
          navigationTimeoutMs: options.navigationTimeoutMs ?? 45_000,
          leaseSeconds: options.leaseSeconds ?? 300,
          previewPath,
          holder: `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
        },
        repo,
        leases: new Leases(ctx.db),
        chrome,
        taker,
        log: ctx.log,
      });
      current = scraper;
      const status = new StatusService({
        repo,
        figures: new FiguresRepo(ctx.db),
        scope,
        previewPath,
        intervalSeconds: Math.max(1, Math.round(intervalMs / 1000)),
        disabledReason: () => scraper.disabledReason(),
      });
      // Once per interval (±10%, so replicas and the groups' servers do not see a clock); a round
      // that throws (the database away) is tried again after a back-off up to four intervals.
      const loop = new Poller({
        name: "facebook",
        step: async () => {
          await scraper.tick();
          await repo.prune();
        },
        intervalMs,
        backoff: { baseMs: intervalMs, maxMs: 4 * intervalMs },
        onNext: (at) => repo.setNextRun(scope, at),
        log: ctx.log,
      });
      return {
        routes: routes(status),
        begin() {
          const off = scraper.disabledReason();
          if (off) ctx.log.info(`${off}: the Facebook scraper is off`);
          else if (options.autoStart ?? true) loop.start();
        },
        async stop() {
          scraper.stopping = true;
          const ending = loop.stop();
          await chrome.close(); // aborts a page load in flight, so stop is prompt
          await ending;
          await scraper.idle(); // a step started by tick() ends too
          await chrome.close();
        },
      };
    },
  };
}

export const scraperFacebook: ScraperFacebookModule = createScraperFacebook();
export { scraperFacebookSettings } from "./settings.ts";
