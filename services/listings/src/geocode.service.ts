import { AppError, type Logger } from "@dirabot/platform";
import * as z from "zod";
import type { CachedPlace, GeocodeRepo } from "./geocode.repo.ts";

// Nominatim's /search answer (format=jsonv2): coordinates come as strings.
const Answer = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string(),
  }),
);
const CACHE_DAYS = 30;
const TIMEOUT_MS = 5_000;

/**
 * Street or place → coordinates through GEOCODER_URL (Nominatim's API), with ", Israel" added,
 * cached in our table. Requests go one at a time: Nominatim's usage policy allows one a second.
 */
export class GeocodeService {
  #repo: GeocodeRepo;
  #base: string;
  #agent: string;
  #log: Logger;
  #queue: Promise<unknown> = Promise.resolve();
  constructor(opts: { repo: GeocodeRepo; geocoderUrl: string; publicUrl: string; log: Logger }) {
    this.#repo = opts.repo;
    this.#base = opts.geocoderUrl.replace(/\/+$/, "");
    this.#agent = `Dirabot/0.1 (+${opts.publicUrl})`;
    this.#log = opts.log;
  }

  async geocode(raw: string): Promise<CachedPlace[]> {
    const query = raw.replace(/\s+/g, " ").trim();
    if (!query) throw new AppError("invalid_argument", "A place to search for is required");
    if (query.length > 200) throw new AppError("invalid_argument", "The search text is too long");
    const key = query.toLowerCase();
    const cached = await this.#repo.get(key, CACHE_DAYS);
    if (cached) return cached;
    const run = this.#queue.then(() => this.#fetch(query));
    this.#queue = run.catch(() => undefined);
    const places = await run;
    await this.#repo.put(key, places);
    return places;
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
