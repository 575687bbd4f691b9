import Zoom from "ol/control/Zoom.js";
import type { FeatureLike } from "ol/Feature.js";
import GeoJSON from "ol/format/GeoJSON.js";
import TileLayer from "ol/layer/Tile.js";
import VectorLayer from "ol/layer/Vector.js";
import OlMap from "ol/Map.js";
import Overlay from "ol/Overlay.js";
import { fromLonLat } from "ol/proj.js";
import VectorSource from "ol/source/Vector.js";
import XYZ from "ol/source/XYZ.js";
import View from "ol/View.js";
import { areaTitle, codeOf, MAP_CENTER, MAP_ZOOM } from "../../../lib/map/style.ts";
import { tileUrl } from "../../../lib/map/tiles.ts";
import { areaStyle, namesShownAt, type StyleState } from "./areaStyle.ts";
import "ol/ol.css";
import styles from "./createAreaMap.module.css";

// The area picker's OpenLayers map, kept apart from React: the component creates it once and
// pushes the selection, the theme and the boundaries in; clicks come back through `onToggle`.

export interface AreaMapHandle {
  setBoundaries: (geojson: unknown) => void;
  setSelected: (codes: readonly number[]) => void;
  setDark: (dark: boolean) => void;
  setOnToggle: (onToggle: (code: number) => void) => void;
  dispose: () => void;
}

export function createAreaMap(
  target: HTMLElement,
  init: {
    selected: readonly number[];
    dark: boolean;
    onToggle: (code: number) => void;
    onReady: () => void;
    /** Whether the areas' names are drawn at the current zoom: now, and on every change. */
    onNames: (shown: boolean) => void;
    /** The zoom buttons' names in the reader's language. */
    zoomLabels: { in: string; out: string };
  },
): AreaMapHandle {
  let onToggle = init.onToggle;
  const view = new View({
    center: fromLonLat([MAP_CENTER.lon, MAP_CENTER.lat]),
    zoom: MAP_ZOOM,
    maxZoom: 18,
  });
  const state: StyleState = {
    selected: new Set(init.selected),
    hovered: null,
    dark: init.dark,
    zoomFor: (resolution) => view.getZoomForResolution(resolution) ?? MAP_ZOOM,
  };
  const source = new VectorSource();
  const areas = new VectorLayer({ source, style: areaStyle(() => state), declutter: true });
  const tiles = new TileLayer({ source: new XYZ({ url: tileUrl(init.dark), maxZoom: 20 }) });
  // Made here, not by React: OpenLayers moves an overlay's element into its own container.
  const tooltip = document.createElement("div");
  tooltip.className = styles.tooltip;
  tooltip.dataset.testid = "area-map-tooltip";
  tooltip.dir = "auto";
  const hint = new Overlay({
    element: tooltip,
    positioning: "bottom-center",
    offset: [0, -14],
    stopEvent: false,
  });
  // Zoom buttons only: attribution is the component's footer, so the boundary sources fit in full.
  const zoom = new Zoom({ zoomInTipLabel: init.zoomLabels.in, zoomOutTipLabel: init.zoomLabels.out });
  const map = new OlMap({ target, layers: [tiles, areas], view, overlays: [hint], controls: [zoom] });
  // The zoom buttons named for screen readers too ("+" and "–" alone say nothing).
  for (const [selector, label] of [
    [".ol-zoom-in", init.zoomLabels.in],
    [".ol-zoom-out", init.zoomLabels.out],
  ] as const)
    target.querySelector(selector)?.setAttribute("aria-label", label);
  const names = () => init.onNames(namesShownAt(view.getZoom() ?? MAP_ZOOM));
  view.on("change:resolution", names);
  names();

  const featureAt = (pixel: number[]): FeatureLike | null =>
    map.forEachFeatureAtPixel(pixel, (f) => f, { layerFilter: (l) => l === areas, hitTolerance: 2 }) ?? null;

  map.on("pointermove", (event) => {
    if (event.dragging) return;
    const feature = featureAt(event.pixel);
    if (feature !== state.hovered) {
      state.hovered = feature;
      areas.changed();
    }
    const supported = feature ? codeOf(feature.get("hoodCode")) !== null : false;
    target.style.cursor = supported ? "pointer" : "";
    if (feature) {
      tooltip.textContent = areaTitle(feature.getProperties(), supported);
      hint.setPosition(event.coordinate);
    } else hint.setPosition(undefined);
  });
  target.addEventListener("pointerleave", () => {
    hint.setPosition(undefined);
    if (state.hovered) {
      state.hovered = null;
      areas.changed();
    }
  });
  map.on("click", (event) => {
    const feature = featureAt(event.pixel);
    const code = feature ? codeOf(feature.get("hoodCode")) : null;
    if (code !== null) onToggle(code);
  });

  return {
    setBoundaries(geojson) {
      source.clear();
      source.addFeatures(new GeoJSON().readFeatures(geojson, { featureProjection: "EPSG:3857" }));
      map.once("rendercomplete", init.onReady);
    },
    setSelected(codes) {
      state.selected = new Set(codes);
      areas.changed();
    },
    setDark(dark) {
      if (dark === state.dark) return;
      state.dark = dark;
      tiles.setSource(new XYZ({ url: tileUrl(dark), maxZoom: 20 }));
      areas.changed();
    },
    setOnToggle(next) {
      onToggle = next;
    },
    dispose() {
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
