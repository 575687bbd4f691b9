import type Feature from "ol/Feature.js";
import type { FeatureLike } from "ol/Feature.js";
import GeoJSON from "ol/format/GeoJSON.js";
import type { Geometry } from "ol/geom.js";
import VectorLayer from "ol/layer/Vector.js";
import VectorImageLayer from "ol/layer/VectorImage.js";
import VectorSource from "ol/source/Vector.js";
import { codeOf } from "../../../lib/map/style.ts";
import { type BoundaryLook, boundaryStyle, hoverStyle, kindOf, selectedStyle } from "./boundaryStyle.ts";
import { BOUNDARY_SWITCH_ZOOM } from "./rules.ts";

// The boundaries: city outlines below zoom 13 and neighbourhoods from 13, two
// layers switched by zoom. The area under the pointer and the chosen one are drawn on small layers
// of their own, so hovering or choosing redraws one polygon, not the 1,185 of the whole file.

type Area = Feature<Geometry>;

// OpenLayers' minZoom is exclusive and maxZoom inclusive: this splits them exactly at 13.
const SWITCH = BOUNDARY_SWITCH_ZOOM - 1e-6;

export interface BoundaryLayers {
  city: VectorImageLayer<VectorSource<Area>>;
  hood: VectorImageLayer<VectorSource<Area>>;
  hover: VectorLayer<VectorSource<Area>>;
  selected: VectorLayer<VectorSource<Area>>;
  setCities: (geojson: unknown) => void;
  setHoods: (geojson: unknown) => void;
  /** Shows the neighbourhood with this code as chosen (null: none). */
  select: (code: number | null) => void;
  /** The neighbourhood's feature, once the file is loaded. */
  areaOf: (code: number) => Area | null;
  setHover: (feature: FeatureLike | null) => void;
  isSupported: (feature: FeatureLike) => boolean;
  setDark: (dark: boolean) => void;
}

const read = (geojson: unknown): Area[] =>
  new GeoJSON().readFeatures(geojson, { featureProjection: "EPSG:3857" }) as Area[];

export function createBoundaryLayers(init: {
  dark: boolean;
  zoomFor: (resolution: number) => number;
}): BoundaryLayers {
  const supportedCities = new Set<number>();
  const look: BoundaryLook = { ...init, supportedCities };
  const state = () => look;
  const byCode = new Map<number, Area>();
  let selectedCode: number | null = null;

  // Drawn as images: the outlines never change while the map moves, so a pan slides a picture
  // instead of re-drawing hundreds of polygons every frame (the difference between a smooth pan
  // and a stutter on a slow phone). The image covers 1.5× the view, so a pan shows no edge. The
  // labels are part of the picture, not decluttered (that is redone every frame): a name that
  // does not fit inside its area is left out instead (boundaryStyle.ts), and the markers' layer
  // has its own canvas above, so no label covers a marker.
  const city = new VectorImageLayer({
    source: new VectorSource<Area>(),
    style: boundaryStyle(state, "city"),
    maxZoom: SWITCH,
    imageRatio: 1.5,
  });
  const hood = new VectorImageLayer({
    source: new VectorSource<Area>(),
    style: boundaryStyle(state, "hood"),
    minZoom: SWITCH,
    imageRatio: 1.5,
  });
  const hover = new VectorLayer({
    source: new VectorSource<Area>(),
    style: (f) => hoverStyle[kindOf(f, supportedCities)],
  });
  const selected = new VectorLayer({ source: new VectorSource<Area>(), style: selectedStyle });

  const showSelected = () => {
    const source = selected.getSource() as VectorSource<Area>;
    source.clear(true);
    const area = selectedCode === null ? undefined : byCode.get(selectedCode);
    if (area) source.addFeature(area);
  };

  return {
    city,
    hood,
    hover,
    selected,
    setCities(geojson) {
      const source = city.getSource() as VectorSource<Area>;
      source.clear(true);
      source.addFeatures(read(geojson));
    },
    setHoods(geojson) {
      const features = read(geojson);
      byCode.clear();
      supportedCities.clear();
      for (const f of features) {
        const code = codeOf(f.get("hoodCode"));
        if (code === null) continue;
        byCode.set(code, f);
        supportedCities.add(Number(f.get("cityCode")));
      }
      const source = hood.getSource() as VectorSource<Area>;
      source.clear(true);
      source.addFeatures(features);
      // Which cities are covered is known only now: the city outlines' colours depend on it.
      city.changed();
      showSelected();
    },
    select(code) {
      if (code === selectedCode) return;
      selectedCode = code;
      showSelected();
    },
    areaOf: (code) => byCode.get(code) ?? null,
    setHover(feature) {
      const source = hover.getSource() as VectorSource<Area>;
      const current = source.getFeatures()[0] ?? null;
      if (current === feature) return;
      source.clear(true);
      if (feature) source.addFeature(feature as Area);
    },
    isSupported: (feature) => kindOf(feature, supportedCities) === "supported",
    setDark(dark) {
      if (dark === look.dark) return;
      look.dark = dark;
      city.changed();
      hood.changed();
    },
  };
}
