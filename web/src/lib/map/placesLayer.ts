import Feature from "ol/Feature.js";
import Point from "ol/geom/Point.js";
import { circular } from "ol/geom/Polygon.js";
import VectorLayer from "ol/layer/Vector.js";
import { fromLonLat } from "ol/proj.js";
import VectorSource from "ol/source/Vector.js";
import { Circle, Fill, Stroke, Style, Text } from "ol/style.js";
import type { SavedPlace } from "../distance.ts";

// The places that matter on a map: a labelled dot each and, where a distance is asked for, a ring
// of that many kilometres around it (geodesic, so a 3 km ring is 3 km on the ground at any
// latitude, not 3 km of Web Mercator). The profile's map and the properties map both draw it.

const ORANGE = "#C87619";

function styleFor(dark: boolean) {
  const text = dark ? "#F6F7F9" : "#1C2127";
  const halo = dark ? "#1C2127" : "#FFFFFF";
  const dot = (label: string) =>
    new Style({
      image: new Circle({
        radius: 7,
        fill: new Fill({ color: ORANGE }),
        stroke: new Stroke({ color: halo, width: 2 }),
      }),
      text: new Text({
        text: label,
        offsetY: -16,
        font: '600 13px system-ui, -apple-system, "Segoe UI", Arial, sans-serif',
        fill: new Fill({ color: text }),
        stroke: new Stroke({ color: halo, width: 3 }),
      }),
    });
  const ring = new Style({
    stroke: new Stroke({ color: ORANGE, width: 2, lineDash: [6, 4] }),
    fill: new Fill({ color: "rgba(200, 118, 25, 0.08)" }),
  });
  return (feature: import("ol/Feature.js").FeatureLike) =>
    feature.get("kind") === "ring" ? ring : dot(String(feature.get("name") ?? ""));
}

export interface PlacesLayer {
  layer: VectorLayer<VectorSource>;
  /** The places, each with its ring's kilometres (none: no ring). */
  set: (places: readonly SavedPlace[], ringKm?: (place: SavedPlace) => number | null) => void;
  setDark: (dark: boolean) => void;
  /** The extent the rings and dots cover, for fitting the view; null when empty. */
  extent: () => number[] | null;
}

export function createPlacesLayer(dark: boolean): PlacesLayer {
  const source = new VectorSource();
  const layer = new VectorLayer({ source, style: styleFor(dark) });
  return {
    layer,
    set(places, ringKm) {
      source.clear(true);
      for (const place of places) {
        const km = ringKm?.(place) ?? null;
        if (km && km > 0) {
          const ring = circular([place.lon, place.lat], km * 1000, 96).transform("EPSG:4326", "EPSG:3857");
          source.addFeature(new Feature({ geometry: ring, kind: "ring", placeId: place.id }));
        }
        source.addFeature(
          new Feature({
            geometry: new Point(fromLonLat([place.lon, place.lat])),
            kind: "place",
            name: place.name,
            placeId: place.id,
          }),
        );
      }
    },
    setDark(next) {
      layer.setStyle(styleFor(next));
    },
    extent() {
      return source.isEmpty() ? null : source.getExtent();
    },
  };
}
