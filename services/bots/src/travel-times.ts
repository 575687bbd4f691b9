import type { TravelMode } from "@dirabot/geography/distance";
import type { Router } from "@dirabot/geography/routing";
import { OSRM_MAX_POINTS } from "@dirabot/geography/routing";
import type { Logger } from "@dirabot/platform";
import type { Db, Trx } from "./db.ts";
import type { MatchInput, RoutedTimes } from "./match.repo.ts";
import type { MinuteTarget, NearRepo } from "./near.repo.ts";
import { meetsAll, type NearRow } from "./near.ts";

/** How long a listing's routed times are reused (its first matches and the rest, a redelivery). */
const KEEP_MS = 60_000;
const KEEP_MAX = 500;

/**
 * The router's travel minutes from a listing to the places of the travel-time conditions it could
 * meet, asked once per mode before the match statement (which cannot call out). Without a router,
 * or when it fails (logged), nothing: the statement takes the estimate. A listing's answer is
 * kept a minute, so its first matches and the rest judge by the same times.
 */
export class TravelTimes {
  readonly #router: Router | undefined;
  readonly #near: NearRepo;
  readonly #log: Logger;
  readonly #kept = new Map<string, { at: number; times: RoutedTimes | undefined }>();
  constructor(router: Router | undefined, near: NearRepo, log: Logger) {
    this.#router = router;
    this.#near = near;
    this.#log = log;
  }

  async of(q: Db | Trx, l: MatchInput): Promise<MatchInput> {
    const router = this.#router;
    if (!router || l.lat === null || l.lon === null) return l;
    const key = `${l.listingId}:${l.lat}:${l.lon}`;
    const kept = this.#kept.get(key);
    if (kept && Date.now() - kept.at < KEEP_MS) return { ...l, times: kept.times };
    const targets = await this.#near.minuteTargets(q, l.neighborhoodCode, l.lat, l.lon);
    const times = targets.length ? await this.#ask(router, { lat: l.lat, lon: l.lon }, targets) : undefined;
    if (this.#kept.size >= KEEP_MAX) this.#kept.delete(this.#kept.keys().next().value as string);
    this.#kept.set(key, { at: Date.now(), times });
    return { ...l, times };
  }

  /**
   * Which of these points meet every condition, as the match statement would judge them: the
   * router's minutes for travel-time conditions (one table per mode, the points as sources), the
   * straight line and, where the router has no answer, the estimate. A bot's recent matches.
   */
  async meeting(rows: NearRow[], points: { lat?: number; lon?: number }[]): Promise<boolean[]> {
    const router = this.#router;
    const timed = rows.filter((r) => r.minutes !== null && r.mode !== null && router?.modes.includes(r.mode));
    const known = points.map((p, i) => ({ i, lat: p.lat, lon: p.lon }));
    const located = known.filter(
      (p): p is { i: number; lat: number; lon: number } => p.lat !== undefined && p.lon !== undefined,
    );
    const routed = new Map<string, number>(); // `${point}:${placeId}` → minutes
    if (router && timed.length && located.length) {
      for (const mode of new Set(timed.map((r) => r.mode as TravelMode))) {
        const places = timed.filter((r) => r.mode === mode);
        try {
          for (let at = 0; at < located.length; at += OSRM_MAX_POINTS - places.length) {
            const chunk = located.slice(at, at + OSRM_MAX_POINTS - places.length);
            const table = await router.table(mode, chunk, places);
            chunk.forEach((p, si) => {
              places.forEach((r, di) => {
                const m = table.minutes[si]?.[di];
                if (typeof m === "number") routed.set(`${p.i}:${r.placeId}`, m);
              });
            });
          }
        } catch (err) {
          this.#log.warn({ err, mode }, "routing failed: recent matches use the estimate");
        }
      }
    }
    return points.map((p, i) => meetsAll(rows, p.lat, p.lon, (r) => routed.get(`${i}:${r.placeId}`)));
  }

  async #ask(router: Router, from: { lat: number; lon: number }, targets: MinuteTarget[]) {
    const out: RoutedTimes = { placeIds: [], modes: [], minutes: [] };
    for (const mode of router.modes) {
      const all = targets.filter((t) => t.mode === mode);
      for (let at = 0; at < all.length; at += OSRM_MAX_POINTS - 1) {
        const chunk = all.slice(at, at + OSRM_MAX_POINTS - 1);
        try {
          const table = await router.table(mode, [from], chunk);
          chunk.forEach((t, i) => {
            const m = table.minutes[0]?.[i];
            if (typeof m !== "number") return; // no route: the estimate decides
            out.placeIds.push(t.placeId);
            out.modes.push(mode);
            out.minutes.push(m);
          });
        } catch (err) {
          this.#log.warn({ err, mode }, "routing failed: travel-time conditions use the estimate");
        }
      }
    }
    return out;
  }
}
