import type { MapPosition } from "../types.ts";

// The properties map's numbers and the small rules built on them.

/** City outlines below this zoom, neighbourhoods from it. */
export const BOUNDARY_SWITCH_ZOOM = 13;
/** Markers closer than this many pixels join one cluster, below NO_CLUSTER_ZOOM. */
export const CLUSTER_DISTANCE_PX = 50;
export const NO_CLUSTER_ZOOM = 15;
/** Where the place search lands. */
export const SEARCH_ZOOM = 16;
export const MIN_ZOOM = 7;
export const MAX_ZOOM = 19;

/**
 * The Cluster source's distance at a zoom: none from 15, so every listing there stands alone —
 * unless the server sent grid cells (over 2,000 listings in view): cells are counts, not
 * listings, and unmerged they would be drawn as hundreds of overlapping bubbles.
 */
export function clusterDistance(zoom: number, cells = false): number {
  return zoom >= NO_CLUSTER_ZOOM && !cells ? 0 : CLUSTER_DISTANCE_PX;
}

/**
 * A position as the URL keeps it: 5 decimals of a degree (about a metre) and 2 of zoom, so a
 * reload lands where the map was without the address filling up with noise.
 */
export function roundPosition(p: MapPosition): MapPosition {
  const r = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
  return { lat: r(p.lat, 5), lon: r(p.lon, 5), zoom: r(p.zoom, 2) };
}

/** Whether two positions are the same place once rounded (a report echoed back is no move). */
export function samePosition(a: MapPosition, b: MapPosition): boolean {
  const x = roundPosition(a);
  const y = roundPosition(b);
  return x.lat === y.lat && x.lon === y.lon && x.zoom === y.zoom;
}

/** A usable position: finite numbers in range (a hand-edited URL may hold anything). */
export function validPosition(p: MapPosition): boolean {
  return (
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lon) &&
    Number.isFinite(p.zoom) &&
    Math.abs(p.lat) <= 85 &&
    Math.abs(p.lon) <= 180 &&
    p.zoom >= 0 &&
    p.zoom <= 22
  );
}

/** The zoom a cluster click goes to when its members' extent says nothing (one spot): two more. */
export function zoomInFrom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.floor(zoom) + 2);
}
