import { boundingExtent, buffer, type Extent } from "ol/extent.js";
import Feature, { type FeatureLike } from "ol/Feature.js";
import Point from "ol/geom/Point.js";
import VectorLayer from "ol/layer/Vector.js";
import { fromLonLat } from "ol/proj.js";
import Cluster from "ol/source/Cluster.js";
import VectorSource from "ol/source/Vector.js";
import { bubbleRadius } from "./labels.ts";
import { bubbleStyle, listingStyle, type MarkerLook, type MarkerState, pillSize } from "./markerStyle.ts";
import { diffPoints, type MapPoint } from "./points.ts";
import { CLUSTER_DISTANCE_PX, clusterDistance } from "./rules.ts";

// The listings on the map: one point feature per server point (a listing, or a cell of many),
// kept by key across answers so an answer that repeats the last one changes nothing, and an
// OpenLayers Cluster source over them (50 px, none from zoom 15). A cluster's number is the sum
// of its members' counts, worked out once when the cluster is made.

type Listing = Feature<Point>;

/** What a click on the listings' layer found. */
export type MarkerHit =
  | { kind: "listing"; id: string; price: number | null; coordinate: number[] }
  /** Several listings: their ids when known (cells have none), where they lie, and their number. */
  | { kind: "cluster"; ids: string[]; extent: Extent; coordinate: number[]; total: number };

export interface ListingLayer {
  layer: VectorLayer<Cluster<Listing>>;
  setPoints: (points: readonly MapPoint[]) => void;
  /** Clusters for the zoom: the distance changes (and markers regroup) only when it crosses 15. */
  setZoom: (zoom: number) => void;
  /** The marker drawn at a coordinate, found by the markers' shapes (see `markerAt`). */
  markerAt: (coordinate: number[], resolution: number) => FeatureLike | null;
  hit: (feature: FeatureLike) => MarkerHit | null;
  /** Listings now drawn, counting each cell's listings. */
  count: () => number;
  changed: () => void;
}

/** Bubbles stay this far apart (px), so the largest never overlap (a cluster's centre moves a little). */
const MIN_GAP_PX = 44;

function makeCluster(centre: Point, members: Listing[]): Feature<Point> {
  let total = 0;
  for (const m of members) total += m.get("count") as number;
  return new Feature({ geometry: centre, features: members, total });
}

export function createListingLayer(look: () => MarkerLook): ListingLayer {
  const points = new VectorSource<Listing>();
  const byKey = new Map<string, Listing>();
  let total = 0;
  /** Whether the answer drawn has grid cells, and the zoom now: together they set the distance. */
  let cells = false;
  let zoomNow = 0;
  const clusters = new Cluster<Listing>({
    source: points,
    distance: CLUSTER_DISTANCE_PX,
    minDistance: MIN_GAP_PX,
    createCluster: makeCluster,
  });
  const regroup = () => {
    const distance = clusterDistance(zoomNow, cells);
    if (distance !== clusters.getDistance()) clusters.updateDistance(distance, distance ? MIN_GAP_PX : 0);
  };

  const stateOf = (feature: FeatureLike, members: Listing[], l: MarkerLook): MarkerState => {
    if (l.hovered === feature) return "active";
    if (l.selectedId && members.some((m) => m.get("id") === l.selectedId)) return "active";
    return "normal";
  };

  const layer = new VectorLayer({
    source: clusters,
    // Its own canvas (another class name) above the boundaries, whose decluttered labels are
    // drawn last on theirs: a label never covers a marker.
    className: "ol-layer property-map__markers",
    // Pills only (markerStyle.ts): one that would cover another gives way to its dot.
    declutter: true,
    style: (feature) => {
      const members = feature.get("features") as Listing[];
      const l = look();
      const state = stateOf(feature, members, l);
      const n = feature.get("total") as number;
      // Decluttered only when nothing is clustered (from 15, without grid cells).
      const crowded = l.crowded && !cells;
      if (n > 1) return bubbleStyle(n, state, l.dark, crowded, cells);
      return listingStyle((members[0]?.get("price") as number | null) ?? null, state, l.dark, crowded);
    },
  });

  /**
   * The marker under a point, worked out from where markers are and how big they are drawn, not
   * by reading pixels back: OpenLayers' pixel hit detection measures the whole canvas the
   * first time it runs, a visible stall on the first hover. A pill hidden by decluttering still
   * counts: pointing there brings it forward. Of several, the nearest centre wins.
   */
  const markerAt = (coordinate: number[], resolution: number): FeatureLike | null => {
    const [x = 0, y = 0] = coordinate;
    const near = buffer(boundingExtent([coordinate]), 60 * resolution);
    let best: FeatureLike | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const feature of clusters.getFeaturesInExtent(near)) {
      const [fx = 0, fy = 0] = (feature.getGeometry() as Point).getCoordinates();
      const dx = (x - fx) / resolution;
      const dy = (y - fy) / resolution;
      const n = feature.get("total") as number;
      const price =
        n === 1 ? ((feature.get("features") as Listing[])[0]?.get("price") as number | null) : null;
      let inside: boolean;
      if (n > 1) inside = Math.hypot(dx, dy) <= bubbleRadius(n) + 3;
      else if (price === null) inside = Math.hypot(dx, dy) <= 8;
      else {
        const [w, h] = pillSize(price);
        inside = Math.abs(dx) <= w / 2 + 2 && Math.abs(dy) <= h / 2 + 2;
      }
      const distance = Math.hypot(dx, dy);
      if (inside && distance < bestDistance) {
        best = feature;
        bestDistance = distance;
      }
    }
    return best;
  };

  return {
    layer,
    markerAt,
    setPoints(next) {
      const { added, removed } = diffPoints(new Set(byKey.keys()), next);
      if (added.length === 0 && removed.length === 0) return;
      total = next.reduce((sum, p) => sum + p.count, 0);
      cells = next.some((p) => p.count > 1);
      const make = (p: MapPoint) => {
        const f = new Feature({
          geometry: new Point(fromLonLat([p.lon, p.lat])),
          count: p.count,
          id: p.id,
          price: p.price,
        });
        byKey.set(p.key, f as Listing);
        return f as Listing;
      };
      // The clusters let go of the points while they change, and regroup once when given them
      // back (each removal or addition would regroup them all otherwise).
      clusters.setSource(null);
      if (removed.length > byKey.size / 2) {
        // Most of them gone (a pan to another part of town): starting again is cheaper than
        // taking features out of the spatial index one by one.
        byKey.clear();
        points.clear(true);
        points.addFeatures(next.map(make));
      } else {
        const gone: Listing[] = [];
        for (const key of removed) {
          const f = byKey.get(key);
          if (f) gone.push(f);
          byKey.delete(key);
        }
        if (gone.length) points.removeFeatures(gone);
        if (added.length) points.addFeatures(added.map(make));
      }
      regroup();
      clusters.setSource(points);
    },
    setZoom(zoom) {
      zoomNow = zoom;
      regroup();
    },
    hit(feature) {
      const members = feature.get("features") as Listing[] | undefined;
      if (!members?.length) return null;
      const coordinate = (feature.getGeometry() as Point).getCoordinates();
      const n = feature.get("total") as number;
      const first = members[0] as Listing;
      if (n === 1 && first.get("id")) {
        return {
          kind: "listing",
          id: first.get("id") as string,
          price: first.get("price") as number | null,
          coordinate,
        };
      }
      const ids = members.map((m) => m.get("id") as string | null).filter((id): id is string => Boolean(id));
      const extent = boundingExtent(members.map((m) => (m.getGeometry() as Point).getCoordinates()));
      return { kind: "cluster", ids, extent, coordinate, total: n };
    },
    count: () => total,
    changed: () => layer.changed(),
  };
}
