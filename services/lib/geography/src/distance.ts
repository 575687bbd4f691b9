/**
 * Straight-line distance and the travel-time estimate used where no routing service answers.
 * Pure functions: the bots' match statement computes the same distance in SQL (match.repo.ts).
 */

export type TravelMode = "walking" | "cycling" | "driving";
export const TRAVEL_MODES: readonly TravelMode[] = ["walking", "cycling", "driving"];
export const isTravelMode = (m: string): m is TravelMode => (TRAVEL_MODES as readonly string[]).includes(m);

/** The mean Earth radius the haversine formula uses, in km (SQL uses the same). */
export const EARTH_KM = 6371.0088;

/** Israel's box (with its waters' edge): a place outside it is refused. */
export const ISRAEL_BOX = { minLat: 29.4, maxLat: 33.4, minLon: 34.2, maxLon: 35.95 } as const;
export const inIsrael = (lat: number, lon: number) =>
  lat >= ISRAEL_BOX.minLat &&
  lat <= ISRAEL_BOX.maxLat &&
  lon >= ISRAEL_BOX.minLon &&
  lon <= ISRAEL_BOX.maxLon;

const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle kilometres between two points (haversine). */
export function haversineKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = rad(bLat - aLat);
  const dLon = rad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Kilometres to one decimal, as answers show them. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;

export interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * The box every point within `km` of (lat, lon) lies in, a little wider than needed: the cheap
 * test before the exact distance. Longitude degrees shrink with the latitude's cosine, taken at
 * the box's edge nearest a pole.
 */
export function boxAround(lat: number, lon: number, km: number): Box {
  const dLat = (km / EARTH_KM) * (180 / Math.PI) * 1.001;
  const edge = Math.min(89, Math.abs(lat) + dLat);
  const dLon = dLat / Math.cos(rad(edge));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}

/** The box inside every one of these boxes; null when they have none in common or none are given. */
export function intersect(boxes: Box[]): Box | null {
  if (!boxes.length) return null;
  const b = {
    minLat: Math.max(...boxes.map((x) => x.minLat)),
    maxLat: Math.min(...boxes.map((x) => x.maxLat)),
    minLon: Math.max(...boxes.map((x) => x.minLon)),
    maxLon: Math.min(...boxes.map((x) => x.maxLon)),
  };
  // An empty intersection still has to refuse every point: keep it inverted, never widen it.
  return b;
}

/**
 * The speeds of the estimate (km/h over the straight line: a street route is longer than the
 * line, so these sit below real street speeds) and the highest straight-line speed a real route
 * may reach, which bounds the box of a "within N minutes" condition.
 */
export const ESTIMATE_KMH: Record<TravelMode, number> = { walking: 4, cycling: 12, driving: 25 };
export const TOP_KMH: Record<TravelMode, number> = { walking: 7, cycling: 30, driving: 130 };

/** Minutes the estimate gives for a straight-line distance by a mode (whole minutes, at least 1). */
export const estimateMinutes = (km: number, mode: TravelMode) =>
  Math.max(1, Math.round((km / ESTIMATE_KMH[mode]) * 60));

/** The straight-line reach of a travel-time condition: no route that long can end farther away. */
export const reachKm = (minutes: number, mode: TravelMode) => (minutes / 60) * TOP_KMH[mode];
