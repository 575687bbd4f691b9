import { kmBetween, type SavedPlace } from "../../../lib/distance.ts";
import type { AssetPage, MapCluster, PropertyAsset } from "../types.ts";

// What the map draws from an answer of GET /api/assets?isMapView=true: the server's points (one
// per listing, or a grid cell with its count when the view holds too many), or — from a server
// that does not send them yet — one point per listing with coordinates. Each point has a key that
// stays the same across answers, so the map keeps the features it already has.

export interface MapPoint {
  key: string;
  lon: number;
  lat: number;
  /** Listings at this point: 1 for a listing, more for a server cell. */
  count: number;
  /** The listing's id when the point is one listing. */
  id: string | null;
  price: number | null;
}

/** A marker only for finite numbers with longitude in -180..180 and latitude in -90..90. */
export function validLonLat(lon: unknown, lat: unknown): boolean {
  return (
    typeof lon === "number" &&
    typeof lat === "number" &&
    Number.isFinite(lon) &&
    Number.isFinite(lat) &&
    Math.abs(lon) <= 180 &&
    Math.abs(lat) <= 90
  );
}

function fromCluster(c: MapCluster): MapPoint | null {
  if (!validLonLat(c.lon, c.lat) || !(c.count >= 1)) return null;
  const one = c.count === 1 && c.id;
  // A cell's key holds its count: a cell whose count changed is a new feature, not an edit.
  const key = one ? `l:${c.id}` : `c:${c.lon.toFixed(5)},${c.lat.toFixed(5)}:${c.count}`;
  return { key, lon: c.lon, lat: c.lat, count: c.count, id: one ? c.id : null, price: one ? c.price : null };
}

function fromAsset(a: PropertyAsset): MapPoint | null {
  const [lon, lat] = a.coordinates?.coordinates ?? [];
  if (!validLonLat(lon, lat)) return null;
  return { key: `l:${a._id}`, lon: lon as number, lat: lat as number, count: 1, id: a._id, price: a.price };
}

export function pointsOf(page: Pick<AssetPage, "assets" | "clusters">): MapPoint[] {
  const raw = page.clusters ? page.clusters.map(fromCluster) : page.assets.map(fromAsset);
  const byKey = new Map<string, MapPoint>();
  for (const p of raw) if (p && !byKey.has(p.key)) byKey.set(p.key, p);
  return [...byKey.values()];
}

/** What changes between the points on the map (by key) and the next answer's. */
export function diffPoints(
  current: ReadonlySet<string>,
  next: readonly MapPoint[],
): { added: MapPoint[]; removed: string[] } {
  const nextKeys = new Set(next.map((p) => p.key));
  return {
    added: next.filter((p) => !current.has(p.key)),
    removed: [...current].filter((key) => !nextKeys.has(key)),
  };
}

/** Listings a point stands for in all: a server's answer is points, cells, or a mix. */
export const listingsIn = (points: readonly Pick<MapPoint, "count">[]): number =>
  points.reduce((sum, p) => sum + p.count, 0);

/**
 * "Near my places": the points within `km` (straight-line) of any of the places; every point
 * when the filter is off or there are no places. A server cell counts by its centre.
 */
export function nearPoints(
  points: readonly MapPoint[],
  places: readonly SavedPlace[],
  km: number | null,
): MapPoint[] {
  if (km === null || !places.length) return [...points];
  return points.filter((p) => places.some((place) => kmBetween(place, p) <= km));
}
