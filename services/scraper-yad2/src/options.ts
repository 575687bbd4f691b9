import type { ServiceContext } from "@dirabot/platform";
import type { CrawlOptions, Yad2Area } from "./crawl/crawler.ts";
import type { Yad2Db } from "./db.ts";

/** What tests (and a later issue's wiring) may tune; every default suits production. */
export interface ScraperYad2Options extends Partial<CrawlOptions> {
  /** Which loops begin() starts: all (true, the default), none (false), or the sources named. */
  autoStart?: boolean | Array<"yad2-scraper" | "yad2-cleaner">;
  /** Default YAD2_INTERVAL_SECONDS / CLEANER_INTERVAL_SECONDS. */
  scraperIntervalMs?: number;
  cleanerIntervalMs?: number;
  /** Polite pause before each request to Yad2, jittered ±50%. Default 1 s. */
  requestDelayMs?: number;
  /** Back-off after a block: base·2^(n−1) up to max, jittered. Default 1 min … 1 h. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A unit's lease; renewed every third of it while the unit runs. Default 60 s. */
  leaseTtlMs?: number;
  /** The shortest wait between two looks at the shared schedule. Default 1 s. */
  idleMs?: number;
  /** One request to Yad2. Default 20 s. */
  timeoutMs?: number;
  /**
   * Listings the cleaner checks per run (ListForCheck answers at most 1000). Default 1000: about
   * four minutes at the default pace, so 10,000 active listings are all re-checked every ~10 h.
   */
  cleanerBatch?: number;
  /**
   * The areas of active bots, crawled besides YAD2_CITIES, one unit per neighbourhood. A later
   * issue wires this to the bots service (e.g. `(ctx) => ctx.client("bots", …)`); a failure here
   * is logged and the cities are still crawled.
   */
  areas?: (ctx: ServiceContext<Yad2Db>) => Promise<Yad2Area[]>;
  /**
   * Keeps the figures and leases of several deployments apart on one database (tests on a shared
   * PostgreSQL). Replicas of one deployment share it. Default "" (none).
   */
  namespace?: string;
}
