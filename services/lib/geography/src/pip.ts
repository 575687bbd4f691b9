import Flatbush from "flatbush";
import type { MultiPolygon } from "./data.ts";

/**
 * Point-in-polygon over a static R-tree (flatbush): one box per polygon part, rings kept as
 * flat Float64Arrays [x0, y0, x1, y1, …] for a tight ray-casting loop.
 */
interface Part {
  owner: number;
  rings: Float64Array[]; // shell first, then holes
}

function inRing(r: Float64Array, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = r.length - 2; i < r.length; j = i, i += 2) {
    const xi = r[i] as number;
    const yi = r[i + 1] as number;
    const xj = r[j] as number;
    const yj = r[j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export interface PolygonIndex {
  /** The lowest owner index whose polygon holds the point (owners are given in priority order). */
  find(lon: number, lat: number): number | undefined;
  /** Every owner whose polygon holds the point, lowest first. */
  findAll(lon: number, lat: number): number[];
}

export function polygonIndex(owners: MultiPolygon[]): PolygonIndex {
  const parts: Part[] = [];
  owners.forEach((multi, owner) => {
    for (const polygon of multi)
      parts.push({ owner, rings: polygon.map((ring) => Float64Array.from(ring.flat())) });
  });
  const tree = new Flatbush(Math.max(parts.length, 1));
  for (const p of parts) {
    const shell = p.rings[0] as Float64Array;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < shell.length; i += 2) {
      const x = shell[i] as number;
      const y = shell[i + 1] as number;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    tree.add(minX, minY, maxX, maxY);
  }
  if (!parts.length) tree.add(0, 0, 0, 0);
  tree.finish();
  const holds = (p: Part, lon: number, lat: number) => {
    const [shell, ...holes] = p.rings;
    return shell !== undefined && inRing(shell, lon, lat) && !holes.some((h) => inRing(h, lon, lat));
  };
  return {
    find(lon, lat) {
      let best: number | undefined;
      for (const i of tree.search(lon, lat, lon, lat)) {
        const p = parts[i];
        if (p && (best === undefined || p.owner < best) && holds(p, lon, lat)) best = p.owner;
      }
      return best;
    },
    findAll(lon, lat) {
      const owners: number[] = [];
      for (const i of tree.search(lon, lat, lon, lat)) {
        const p = parts[i];
        if (p && !owners.includes(p.owner) && holds(p, lon, lat)) owners.push(p.owner);
      }
      return owners.length > 1 ? owners.sort((a, b) => a - b) : owners;
    },
  };
}
