import type { Distance } from "@dirabot/api";
import { estimateMinutes, haversineKm, roundKm } from "@dirabot/geography/distance";
import { OSRM_MAX_POINTS, type Router } from "@dirabot/geography/routing";
import type { Logger } from "@dirabot/platform";
import { LRUCache } from "lru-cache";

interface PlacePoint {
  id: string;
  lat: number;
  lon: number;
}
interface ListingPoint {
  lat?: number;
  lon?: number;
}

/**
 * Each listing's distances from the signed-in person's places: the straight line always (to 0.1
 * km), and the router's minutes by its first mode where one is configured; without it, or when it
 * fails or is slow (logged), `minutes` is null and `mode` "estimate", with the walking and cycling
 * estimate beside it. A listing answer never waits on a failure: the router's answers are kept a
 * while, so a page turned back and forth asks it once.
 */
export class Distances {
  readonly #router: Router | undefined;
  readonly #log: Logger;
  readonly #kept = new LRUCache<string, number>({ max: 20_000, ttl: 10 * 60_000 });
  constructor(router: Router | undefined, log: Logger) {
    this.#router = router;
    this.#log = log;
  }

  async of(places: PlacePoint[], listings: ListingPoint[]): Promise<Distance[][]> {
    if (!places.length) return listings.map(() => []);
    const routed = await this.#routed(places, listings);
    return listings.map((l) => {
      if (l.lat === undefined || l.lon === undefined) return [];
      return places.map((p) => {
        const km = haversineKm(p.lat, p.lon, l.lat as number, l.lon as number);
        const minutes = routed?.get(this.#key(routed.mode, p, l)) ?? null;
        return {
          placeId: p.id,
          km: roundKm(km),
          minutes,
          mode: minutes === null || !routed ? "estimate" : routed.mode,
          estimate: { walking: estimateMinutes(km, "walking"), cycling: estimateMinutes(km, "cycling") },
        } satisfies Distance;
      });
    });
  }

  #key(mode: string, p: PlacePoint, l: ListingPoint) {
    return `${mode}:${p.lat.toFixed(5)},${p.lon.toFixed(5)}:${l.lat?.toFixed(5)},${l.lon?.toFixed(5)}`;
  }

  async #routed(places: PlacePoint[], listings: ListingPoint[]) {
    const router = this.#router;
    const mode = router?.modes[0];
    if (!router || !mode) return undefined;
    const out = Object.assign(new Map<string, number>(), { mode });
    const missing: ListingPoint[] = [];
    for (const l of listings) {
      if (l.lat === undefined || l.lon === undefined) continue;
      let all = true;
      for (const p of places) {
        const m = this.#kept.get(this.#key(mode, p, l));
        if (m === undefined) all = false;
        else out.set(this.#key(mode, p, l), m);
      }
      if (!all) missing.push(l);
    }
    const per = OSRM_MAX_POINTS - places.length;
    try {
      for (let at = 0; at < missing.length; at += per) {
        const chunk = missing.slice(at, at + per) as { lat: number; lon: number }[];
        const table = await router.table(mode, places, chunk);
        places.forEach((p, pi) => {
          chunk.forEach((l, li) => {
            const m = table.minutes[pi]?.[li];
            if (typeof m !== "number") return;
            this.#kept.set(this.#key(mode, p, l), m);
            out.set(this.#key(mode, p, l), m);
          });
        });
      }
    } catch (err) {
      this.#log.warn({ err, mode }, "routing failed: listings show the estimate");
    }
    return out;
  }
}
