import * as fs from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ownSettings, type ServiceModule } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { Chromium, jitter, Leases } from "@dirabot/scraping";
import { scraper } from "../migrations/0001_scraper.ts";
import { figures } from "../migrations/0002_figures.ts";
import { botAreas } from "./bot-areas.ts";
import { Cleaner } from "./cleaner.ts";
import { Crawler, crawlUnits } from "./crawl/crawler.ts";
import type { Yad2Db } from "./db.ts";
import type { ScraperYad2Options } from "./options.ts";
import { FiguresRepo } from "./runs/figures.repo.ts";
import { type Job, SourceLoop, type Unit } from "./runs/loop.ts";
import { SourcesRepo } from "./runs/sources.repo.ts";
import { routes } from "./server.ts";
import { scraperYad2Settings } from "./settings.ts";
import { StatusService } from "./status.service.ts";
import { BrowserFetcher } from "./yad2/browser-fetcher.ts";
import { Yad2Client } from "./yad2/client.ts";
import type { Fetcher } from "./yad2/fetcher.ts";
import { HttpFetcher } from "./yad2/http-fetcher.ts";

export type { Yad2Area } from "./crawl/crawler.ts";
export type { ScraperYad2Options } from "./options.ts";

/** The scraper-yad2 service: the yad2-scraper and yad2-cleaner sources and their status. */
export function createScraperYad2(options: ScraperYad2Options = {}): ServiceModule<Yad2Db> {
  return {
    name: "scraper-yad2",
    schema: "scraper_yad2",
    migrations: { "0001_scraper": scraper, "0002_figures": figures },
    settings: scraperYad2Settings,
    async start(ctx) {
      const s = ownSettings(ctx.settings, scraperYad2Settings);
      const o = options;
      const sources = new SourcesRepo(ctx.db);
      const leases = new Leases(ctx.db);
      const listings = ctx.client("listings", ListingsService);
      const timeoutMs = o.timeoutMs ?? 20_000;
      const chromium = s.SCRAPER_MODE === "browser" ? new Chromium(s.CHROME_PATH) : undefined;
      const fetcher = (): Fetcher =>
        chromium ? new BrowserFetcher({ chromium, timeoutMs }) : new HttpFetcher({ timeoutMs });
      const [scraperFetcher, cleanerFetcher] = [fetcher(), fetcher()];
      const yad2 = (f: Fetcher) => new Yad2Client({ baseUrl: s.YAD2_API_URL, fetcher: f });
      const delay = o.requestDelayMs ?? 1000;
      const pace = (signal: AbortSignal) => sleep(jitter(delay), undefined, { signal });
      const cities = s.YAD2_CITIES.split(",").map(Number);
      const areas = async () =>
        o.areas
          ? o.areas(ctx).catch((err) => {
              ctx.log.warn({ err }, "the areas of active bots are not available: crawling the cities only");
              return [];
            })
          : [];
      const intervals = {
        "yad2-scraper": o.scraperIntervalMs ?? s.YAD2_INTERVAL_SECONDS * 1000,
        "yad2-cleaner": o.cleanerIntervalMs ?? s.CLEANER_INTERVAL_SECONDS * 1000,
      };
      const crawler = new Crawler({
        yad2: yad2(scraperFetcher),
        listings,
        pace,
        units: async () => crawlUnits(cities, await areas()),
        options: {
          minPriceBand: o.minPriceBand ?? 10,
          priceCeiling: o.priceCeiling ?? 20_000,
          ingestBatch: o.ingestBatch ?? 100,
          detailsConcurrency: o.detailsConcurrency ?? 4,
          maxDetailsPerRun: o.maxDetailsPerRun ?? 200,
        },
      });
      const cleaner = new Cleaner({
        yad2: yad2(cleanerFetcher),
        listings,
        pace,
        batch: o.cleanerBatch ?? 1000,
        concurrency: o.detailsConcurrency ?? 4,
      });
      // Browser mode: the last page of each run is the status preview (DATA_DIR and the table).
      const keepPreview = (name: string, key: string, f: Fetcher) => async () => {
        const png = await f.snapshot?.();
        if (!png) return;
        const dir = path.join(ctx.settings.DATA_DIR, "screenshots");
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, `${name}.png`), png);
        await sources.savePreview(key, png);
      };
      const owner = `${os.hostname()}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
      const ns = o.namespace ? `${o.namespace}:` : "";
      const loop = <U extends Unit>(job: Job<U>, f: Fetcher) =>
        new SourceLoop<U>({
          job: {
            source: ns + job.source,
            units: async () => (await job.units()).map((u) => ({ ...u, key: ns + u.key })),
            run: (u, signal, figures) => job.run(u, signal, figures),
            afterRun: keepPreview(job.source, ns + job.source, f),
          },
          leases,
          sources,
          owner,
          log: ctx.log,
          timing: {
            intervalMs: intervals[job.source as keyof typeof intervals],
            backoffBaseMs: o.backoffBaseMs ?? 60_000,
            backoffMaxMs: o.backoffMaxMs ?? 3_600_000,
            leaseTtlMs: o.leaseTtlMs ?? 60_000,
            idleMs: o.idleMs ?? 1000,
          },
        });
      const loops = [
        ["yad2-scraper", loop(crawler, scraperFetcher)],
        ["yad2-cleaner", loop(cleaner, cleanerFetcher)],
      ] as const;
      const status = new StatusService({
        sources,
        leases,
        figures: new FiguresRepo(ctx.db),
        namespace: ns,
        intervalsMs: intervals,
        mode: s.SCRAPER_MODE,
      });
      return {
        routes: routes(status),
        begin() {
          const on = o.autoStart ?? true;
          for (const [name, l] of loops) if (on === true || (on !== false && on.includes(name))) l.start();
        },
        async stop() {
          await Promise.all(loops.map(([, l]) => l.stop()));
          await Promise.all([scraperFetcher.close(), cleanerFetcher.close()]);
          await chromium?.close();
        },
      };
    },
  };
}

/** The product's scraper: YAD2_CITIES plus every area an active bot watches. */
export const scraperYad2: ServiceModule<Yad2Db> = createScraperYad2({ areas: botAreas });
export { scraperYad2Settings } from "./settings.ts";
