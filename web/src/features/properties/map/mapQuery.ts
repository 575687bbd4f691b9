import type { QueryValue } from "../../../lib/api.ts";
import { listQuery } from "../filters.ts";
import type { PropertyFilters } from "../types.ts";
import type { Bounds } from "./boundsWatch.ts";

// GET /api/assets for the map: the list's query (filters.ts) for the map's page of
// 100 (§9), with isMapView and the view's bounds as [[west, south], [east, north]].

export const MAP_LIMIT = 100;

const deg = (n: number) => Math.round(n * 1e6) / 1e6;

export function mapQuery(filters: PropertyFilters, bounds: Bounds): Record<string, QueryValue> {
  const [west, south, east, north] = bounds;
  return {
    ...listQuery(filters, 1, MAP_LIMIT),
    isMapView: true,
    bounds: JSON.stringify([
      [deg(west), deg(south)],
      [deg(east), deg(north)],
    ]),
  };
}

/**
 * The bounds a query is made for, clamped to what the server accepts (-180..180, -90..90): the
 * world seen zoomed far out reaches past them.
 */
export function clampBounds(b: Bounds): Bounds {
  const lon = (n: number) => Math.max(-180, Math.min(180, n));
  const lat = (n: number) => Math.max(-90, Math.min(90, n));
  return [lon(b[0]), lat(b[1]), lon(b[2]), lat(b[3])];
}
