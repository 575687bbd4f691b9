import type { Client } from "@connectrpc/connect";
import type { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { chunks, eachLimit } from "../pace.ts";
import type { Job, Unit } from "../runs/loop.ts";
import type { Figures } from "../runs/sources.repo.ts";
import type { MapQuery, Yad2Client } from "../yad2/client.ts";
import { isBlocked, SourceError } from "../yad2/errors.ts";
import { fromItem, fromMarker, type ListingInput } from "./normalise.ts";
import { regionOf } from "./regions.ts";
import { readAll, type SplitOptions } from "./split.ts";

/**
 * A neighbourhood of an active bot's areas (Yad2 neighbourhood id, one per query: a comma list
 * returns nothing). The areas hook of the module feeds these; each is crawled as its own unit.
 */
export interface Yad2Area {
  city: number;
  neighborhood: number;
}

export interface CrawlUnit extends Unit {
  query: MapQuery;
  city: number;
}

export interface CrawlOptions extends SplitOptions {
  ingestBatch: number;
  detailsConcurrency: number;
  /** New listings get their details over several runs when there are more than this. */
  maxDetailsPerRun: number;
}

/** The units of one crawl: every city of YAD2_CITIES, then every area of active bots. */
export function crawlUnits(cities: number[], areas: Yad2Area[]): CrawlUnit[] {
  const byCity = cities.map((city) => ({ key: `yad2-scraper:city:${city}`, city, query: { city } }));
  const byArea = areas
    .filter((a) => !cities.includes(a.city)) // the whole city is read anyway
    .map((a) => ({
      key: `yad2-scraper:hood:${a.city}:${a.neighborhood}`,
      city: a.city,
      query: { city: a.city, neighborhood: a.neighborhood },
    }));
  return [...byCity, ...byArea];
}

/** The yad2-scraper source: map feed (cap split) → Ingest → item details for new tokens → Ingest. */
export class Crawler implements Job<CrawlUnit> {
  readonly source = "yad2-scraper";
  readonly #yad2: Yad2Client;
  readonly #listings: Client<typeof ListingsService>;
  readonly #opts: CrawlOptions;
  readonly #pace: (signal: AbortSignal) => Promise<void>;
  readonly units: () => Promise<CrawlUnit[]>;

  constructor(opts: {
    yad2: Yad2Client;
    listings: Client<typeof ListingsService>;
    units: () => Promise<CrawlUnit[]>;
    pace: (signal: AbortSignal) => Promise<void>;
    options: CrawlOptions;
  }) {
    this.#yad2 = opts.yad2;
    this.#listings = opts.listings;
    this.#opts = opts.options;
    this.#pace = opts.pace;
    this.units = opts.units;
  }

  async run(unit: CrawlUnit, signal: AbortSignal, f: Figures): Promise<void> {
    const region = regionOf(unit.city);
    if (region === undefined)
      throw new SourceError(`no Yad2 region is known for city ${unit.city} (add it to crawl/regions.ts)`);
    const read = await readAll(
      { region, ...unit.query },
      async (q) => {
        await this.#pace(signal);
        f.requests++;
        return this.#yad2.map(q, signal);
      },
      this.#opts,
    );
    f.fetched += read.markers.size;
    f.capped += read.capped;
    if (read.split) f.cap_splits++;
    const inputs = [...read.markers.values()].map((m) => fromMarker(m, unit.city));
    const needDetails = await this.#ingest(inputs, signal, f);
    await this.#details(needDetails.slice(0, this.#opts.maxDetailsPerRun), signal, f);
  }

  /** Upserts a batch at a time; answers the tokens whose stored listing has no details yet. */
  async #ingest(inputs: ListingInput[], signal: AbortSignal, f?: Figures): Promise<string[]> {
    const need: string[] = [];
    for (const batch of chunks(inputs, this.#opts.ingestBatch)) {
      const res = await this.#listings.ingest({ listings: batch }, { signal });
      for (const o of res.outcomes) {
        if (f && o.status === "created") f.new++;
        else if (f && o.status === "updated") f.updated++;
        if (!o.hasDetails) need.push(o.externalId);
      }
    }
    return need;
  }

  /** Item details with bounded concurrency; a block stops the fetching but keeps what arrived. */
  async #details(tokens: string[], signal: AbortSignal, f: Figures): Promise<void> {
    const found: ListingInput[] = [];
    let stopped: unknown;
    await eachLimit(tokens, this.#opts.detailsConcurrency, async (token) => {
      await this.#pace(signal);
      f.requests++;
      try {
        const answer = await this.#yad2.item(token, signal);
        if (!answer.gone) found.push(fromItem(token, answer.item)); // gone: the cleaner's business
      } catch (err) {
        if (signal.aborted || isBlocked(err)) throw err;
        f.failed++;
      }
    }).catch((err) => {
      stopped = err;
    });
    if (!signal.aborted) await this.#ingest(found, signal);
    if (stopped !== undefined) throw stopped;
  }
}
