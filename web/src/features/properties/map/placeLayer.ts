import Feature from "ol/Feature.js";
import Point from "ol/geom/Point.js";
import VectorLayer from "ol/layer/Vector.js";
import VectorSource from "ol/source/Vector.js";
import { placeStyle } from "./markerStyle.ts";

// Where the place search landed: one ring under the listings, so the user sees what was found
// among the markers around it.

export function createPlaceLayer(dark: boolean) {
  const source = new VectorSource<Feature<Point>>();
  const layer = new VectorLayer({ source, style: placeStyle(dark) });
  return {
    layer,
    set(coordinate: number[]) {
      source.clear(true);
      source.addFeature(new Feature(new Point(coordinate)));
    },
    setDark(next: boolean) {
      layer.setStyle(placeStyle(next));
    },
  };
}
