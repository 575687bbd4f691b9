import { findPlace } from "@dirabot/geography";
import { AppError, type Logger } from "@dirabot/platform";
import * as z from "zod";
import { FairQueue } from "./fair-queue.ts";
import type { CachedPlace, GeocodeRepo } from "./geocode.repo.ts";
import { type GeocoderPace, geocoderPace } from "./geocoder-pace.ts";

// Nominatim's /search answer (format=jsonv2): coordinates come as strings.
const Answer = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string(),
  }),
);
const TIMEOUT_MS = 5_000;

/** How the geocoder is shared and how much it keeps; tests set small ones. */
export interface GeocodeTiming {
  /** Upstream requests at once, across every caller. */
  concurrency?: number;
  /**
   * The least time between two upstream requests, across every replica sharing REDIS_URL; by
   * default 1 s for Nominatim's public instance.
   */
  minIntervalMs?: number;
  /** Searches one caller may have waiting. */
  perCaller?: number;
  /** Cached answers kept: the most recently fetched ones, none older than `cacheDays`. */
  cacheRows?: number;
  cacheDays?: number;
}

/** The public instance's usage policy: at most one request a second, from the whole application. */
const PUBLIC_NOMINATIM = "nominatim.openstreetmap.org";

/**
 * Street or place → coordinates through GEOCODER_URL (Nominatim's API), with ", Israel" added,
 * cached in our table (bounded: pruned on every write). Upstream requests wait in a queue per
 * caller, callers taking turns within a concurrency, then for the application's pace (shared
 * through Redis when there is one): one person's slow searches hold only their own.
 */
export class GeocodeService {
  #repo: GeocodeRepo;
  #base: string;
  #agent: string;
  #log: Logger;
  #queue: FairQueue;
  #pace: Promise<GeocoderPace>;
  #cache: { rows: number; days: number };
  /** Upstream requests in flight by query: a second caller of the same query waits for the first. */
  #inflight = new Map<string, Promise<CachedPlace[]>>();
  constructor(opts: {
    repo: GeocodeRepo;
    geocoderUrl: string;
    publicUrl: string;
    log: Logger;
    redisUrl?: string | undefined;
    timing?: GeocodeTiming;
  }) {
    this.#repo = opts.repo;
    this.#base = opts.geocoderUrl.replace(/\/+$/, "");
    this.#agent = `Dirabot/0.1 (+${opts.publicUrl})`;
    this.#log = opts.log;
    const t = opts.timing ?? {};
    const upstream = new URL(this.#base).host;
    this.#pace = geocoderPace({
      intervalMs: t.minIntervalMs ?? (upstream === PUBLIC_NOMINATIM ? 1000 : 0),
      upstream,
      redisUrl: opts.redisUrl,
    });
    this.#queue = new FairQueue({ concurrency: t.concurrency ?? 4, perLane: t.perCaller ?? 5 });
    this.#cache = { rows: t.cacheRows ?? 10_000, days: t.cacheDays ?? 30 };
  }

  /** `caller` names the queue the search waits in: the person, or the service asking. */
  async geocode(raw: string, caller: string): Promise<CachedPlace[]> {
    const query = raw.replace(/\s+/g, " ").trim();
    if (!query) throw new AppError("invalid_argument", "A place to search for is required");
    if (query.length > 200) throw new AppError("invalid_argument", "The search text is too long");
    // A city or neighbourhood of ours is answered from our own outlines, in the query's script:
    // a geocoder knows "Florentin" but not "florentine" or "nevei tzedek".
    const own = findPlace(query);
    if (own) return [own];
    const key = query.toLowerCase();
    const cached = await this.#repo.get(key, this.#cache.days);
    if (cached) return cached;
    const pending = this.#inflight.get(key);
    if (pending) return pending;
    const run = this.#queue.run(caller, async () => {
      const pace = await this.#pace;
      const places = await pace.run(() => this.#fetch(query));
      await this.#repo.put(key, places, this.#cache);
      return places;
    });
    this.#inflight.set(key, run);
    try {
      return await run;
    } finally {
      this.#inflight.delete(key);
    }
  }

  async close(): Promise<void> {
    await (await this.#pace).close();
  }

  async #fetch(query: string): Promise<CachedPlace[]> {
    const url = new URL(`${this.#base}/search`);
    url.searchParams.set("q", `${query}, Israel`);
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("limit", "5");
    url.searchParams.set("accept-language", "he,en");
    let body: unknown;
    try {
      const res = await fetch(url, {
        headers: { "User-Agent": this.#agent, Accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      body = await res.json();
    } catch (err) {
      this.#log.warn({ err, query }, "geocoder failed");
      throw new AppError("unavailable", "Geocoding is unavailable right now");
    }
    const parsed = Answer.safeParse(body);
    if (!parsed.success) {
      this.#log.warn({ issue: parsed.error.issues[0] }, "geocoder answered an unexpected shape");
      throw new AppError("unavailable", "Geocoding is unavailable right now");
    }
    return parsed.data.map((p) => ({ lat: p.lat, lon: p.lon, displayName: p.display_name }));
  }
}
