import Zoom from "ol/control/Zoom.js";
import Feature from "ol/Feature.js";
import Point from "ol/geom/Point.js";
import TileLayer from "ol/layer/Tile.js";
import VectorLayer from "ol/layer/Vector.js";
import OlMap from "ol/Map.js";
import { fromLonLat, toLonLat } from "ol/proj.js";
import VectorSource from "ol/source/Vector.js";
import XYZ from "ol/source/XYZ.js";
import { Circle, Fill, Stroke, Style } from "ol/style.js";
import View from "ol/View.js";
import { useEffect, useRef } from "react";
import type { SavedPlace } from "../../lib/distance.ts";
import { createPlacesLayer } from "../../lib/map/placesLayer.ts";
import { MAP_CENTER, MAP_ZOOM } from "../../lib/map/style.ts";
import { tileUrl } from "../../lib/map/tiles.ts";
import { useTheme } from "../../lib/theme.tsx";
import "ol/ol.css";
import styles from "./PlacesEditor.module.css";

// The Places editor's map: the saved places as labelled dots, and the point a click (or a found
// address) picked for the next place, which the map centres on.

interface Props {
  places: readonly SavedPlace[];
  picked: { lat: number; lon: number } | null;
  onPick: (point: { lat: number; lon: number }) => void;
  label: string;
  zoomLabels: { in: string; out: string };
}

const pickedStyle = new Style({
  image: new Circle({
    radius: 9,
    fill: new Fill({ color: "#2D72D2" }),
    stroke: new Stroke({ color: "#FFFFFF", width: 3 }),
  }),
});

export function PlacePickerMap({ places, picked, onPick, label, zoomLabels }: Props) {
  const target = useRef<HTMLDivElement>(null);
  const parts = useRef<{
    map: OlMap;
    tiles: TileLayer<XYZ>;
    saved: ReturnType<typeof createPlacesLayer>;
    pick: VectorSource;
  } | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const { theme } = useTheme();
  const dark = theme === "dark";

  // The map is made once; the theme, the places and the pick are pushed in below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once, on mount
  useEffect(() => {
    if (!target.current) return;
    const tiles = new TileLayer({ source: new XYZ({ url: tileUrl(dark), maxZoom: 20 }) });
    const saved = createPlacesLayer(dark);
    const pick = new VectorSource();
    const map = new OlMap({
      target: target.current,
      layers: [tiles, saved.layer, new VectorLayer({ source: pick, style: pickedStyle, zIndex: 6 })],
      view: new View({
        center: fromLonLat([MAP_CENTER.lon, MAP_CENTER.lat]),
        zoom: MAP_ZOOM - 1,
        maxZoom: 18,
      }),
      controls: [new Zoom({ zoomInTipLabel: zoomLabels.in, zoomOutTipLabel: zoomLabels.out })],
    });
    map.on("singleclick", (event) => {
      const [lon = 0, lat = 0] = toLonLat(event.coordinate);
      onPickRef.current({ lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 });
    });
    parts.current = { map, tiles, saved, pick };
    return () => {
      map.setTarget(undefined);
      parts.current = null;
    };
  }, []);

  useEffect(() => {
    parts.current?.tiles.setSource(new XYZ({ url: tileUrl(dark), maxZoom: 20 }));
    parts.current?.saved.setDark(dark);
  }, [dark]);

  useEffect(() => {
    parts.current?.saved.set(places);
  }, [places]);

  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    p.pick.clear(true);
    if (!picked) return;
    const at = fromLonLat([picked.lon, picked.lat]);
    p.pick.addFeature(new Feature(new Point(at)));
    p.map.getView().animate({ center: at, duration: 250 });
  }, [picked]);

  return (
    <div ref={target} className={styles.map} role="application" aria-label={label} data-testid="places-map" />
  );
}
