import type { MapQuery } from "../yad2/client.ts";
import type { Marker } from "../yad2/schemas.ts";

/** The map feed answers at most this many markers, with no paging and no total. */
export const MARKER_CAP = 200;

export interface SplitOptions {
  /** Price bands narrower than this (₪) are split by rooms instead of halved again. */
  minPriceBand: number;
  /** Where the first split puts the top of the bounded band; above it the band is open. */
  priceCeiling: number;
}

export interface SplitResult {
  /** Every marker seen, once per token. */
  markers: Map<string, Marker>;
  requests: number;
  /** The place's own query hit the cap, so it was split by price (and rooms). */
  split: boolean;
  /** Queries still capped after every split: listings may be missing there (a warning figure). */
  capped: number;
}

// Yad2 rooms come in halves; a price band still capped is read one rooms value at a time.
const ROOM_BUCKETS: Array<[number | undefined, number | undefined]> = [
  [undefined, 1],
  [1.5, 1.5],
  [2, 2],
  [2.5, 2.5],
  [3, 3],
  [3.5, 3.5],
  [4, 4],
  [4.5, 4.5],
  [5, 5],
  [5.5, undefined],
];

/**
 * Reads everything the map feed has for one place. A capped answer (200 markers) means more
 * exist: the price band is halved recursively (an open top band doubles its floor) until the
 * answers come back under the cap, then by rooms once the band is narrower than minPriceBand.
 * Markers are united by token, so overlaps and repeats never duplicate.
 */
export async function readAll(
  base: MapQuery,
  fetchMap: (q: MapQuery) => Promise<Marker[]>,
  opts: SplitOptions,
): Promise<SplitResult> {
  const result: SplitResult = { markers: new Map(), requests: 0, split: false, capped: 0 };
  const ask = async (q: MapQuery) => {
    result.requests++;
    const markers = await fetchMap(q);
    for (const m of markers) result.markers.set(m.token, m);
    return markers.length >= MARKER_CAP;
  };
  const band = async (lo: number, hi: number | undefined): Promise<void> => {
    const q: MapQuery = { ...base, minPrice: lo > 0 ? lo : undefined, maxPrice: hi };
    if (!(await ask(q))) return;
    if (hi === undefined) {
      const top = Math.max(lo * 2, lo + opts.minPriceBand);
      await band(lo, top);
      await band(top + 1, undefined);
    } else if (hi - lo + 1 <= opts.minPriceBand) {
      for (const [minRooms, maxRooms] of ROOM_BUCKETS)
        if (await ask({ ...q, minRooms, maxRooms })) result.capped++;
    } else {
      const mid = Math.floor((lo + hi) / 2);
      await band(lo, mid);
      await band(mid + 1, hi);
    }
  };
  if (await ask(base)) {
    result.split = true;
    await band(0, opts.priceCeiling);
    await band(opts.priceCeiling + 1, undefined);
  }
  return result;
}
