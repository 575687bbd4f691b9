import Zoom from "ol/control/Zoom.js";
import type { FeatureLike } from "ol/Feature.js";
import { defaults as defaultInteractions } from "ol/interaction/defaults.js";
import TileLayer from "ol/layer/Tile.js";
import OlMap from "ol/Map.js";
import Overlay from "ol/Overlay.js";
import { fromLonLat } from "ol/proj.js";
import XYZ from "ol/source/XYZ.js";
import View from "ol/View.js";
import { createPlacesLayer, type PlacesLayer } from "../../../lib/map/placesLayer.ts";
import { areaTitle, codeOf } from "../../../lib/map/style.ts";
import { tileUrl } from "../../../lib/map/tiles.ts";
import { tp } from "../texts.ts";
import type { MapPosition } from "../types.ts";
import { type BoundaryLayers, createBoundaryLayers } from "./boundaryLayers.ts";
import { NO_SUPPORT } from "./boundaryStyle.ts";
import { createListingLayer, type ListingLayer } from "./listingLayer.ts";
import { createMapTooltip, type MapTooltip } from "./mapTooltip.ts";
import type { MarkerLook } from "./markerStyle.ts";
import { createPlaceLayer } from "./placeLayer.ts";
import { BOUNDARY_SWITCH_ZOOM, MAX_ZOOM, MIN_ZOOM, NO_CLUSTER_ZOOM } from "./rules.ts";

// The OpenLayers pieces of the properties map, and what lies under a point of it.

export interface MapParts {
  map: OlMap;
  view: View;
  target: HTMLElement;
  tiles: TileLayer<XYZ>;
  boundaries: BoundaryLayers;
  listings: ListingLayer;
  place: ReturnType<typeof createPlaceLayer>;
  /** The reader's saved places, with rings when "near my places" is on. */
  saved: PlacesLayer;
  tooltip: MapTooltip;
  popup: Overlay;
  popupElement: HTMLElement;
  /** How markers are drawn now: the theme, the open listing, the hovered marker, the zoom's crowding. */
  look: MarkerLook;
}

export const tilesOf = (dark: boolean) => new XYZ({ url: tileUrl(dark), maxZoom: 20 });

export function createMapParts(
  target: HTMLElement,
  init: { position: MapPosition; dark: boolean },
): MapParts {
  const view = new View({
    center: fromLonLat([init.position.lon, init.position.lat]),
    zoom: init.position.zoom,
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
  });
  const zoomFor = (resolution: number) => view.getZoomForResolution(resolution) ?? init.position.zoom;
  const look: MarkerLook = {
    dark: init.dark,
    selectedId: null,
    hovered: null,
    crowded: init.position.zoom >= NO_CLUSTER_ZOOM,
  };
  const boundaries = createBoundaryLayers({ dark: init.dark, zoomFor });
  const listings = createListingLayer(() => look);
  listings.setZoom(init.position.zoom);
  const place = createPlaceLayer(init.dark);
  const saved = createPlacesLayer(init.dark);
  const tiles = new TileLayer({ source: tilesOf(init.dark) });
  const tooltip = createMapTooltip();
  const popupElement = document.createElement("div");
  popupElement.className = "property-map__popup-anchor";
  // No autoPan: its one margin cannot keep the card clear of the search bar; `revealPopup` can.
  const popup = new Overlay({ element: popupElement, positioning: "bottom-center", offset: [0, -22] });
  const { city, hood, hover, selected } = boundaries;
  const map = new OlMap({
    target,
    layers: [tiles, city, hood, hover, selected, saved.layer, place.layer, listings.layer],
    view,
    overlays: [tooltip.overlay, popup],
    // Zoom buttons only: attribution is the component's footer. North stays up (no rotation).
    controls: [new Zoom()],
    interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false }),
  });
  // Arrow keys pan and +/- zoom once the map has focus.
  target.tabIndex = 0;
  return { map, view, target, tiles, boundaries, listings, place, saved, tooltip, popup, popupElement, look };
}

export const markerAt = (parts: MapParts, coordinate: number[]): FeatureLike | null =>
  parts.listings.markerAt(coordinate, parts.view.getResolution() ?? 1);

// By geometry, not by drawing: the boundaries are images, and reading one back to find the area
// under the pointer cost a long task on the first hover. A polygon holds a point or not.
export function areaAt({ view, boundaries }: MapParts, coordinate: number[]): FeatureLike | null {
  const layer = (view.getZoom() ?? 0) >= BOUNDARY_SWITCH_ZOOM ? boundaries.hood : boundaries.city;
  return layer.getSource()?.getFeaturesAtCoordinate(coordinate)[0] ?? null;
}

/** The tooltip of an area: its name, and why it cannot be picked (unsupported, a city to zoom into). */
export function areaTip({ boundaries }: MapParts, area: FeatureLike): string | null {
  const name = areaTitle(area.getProperties(), true);
  if (!boundaries.isSupported(area)) return `${name}\n${NO_SUPPORT}`;
  return area.get("type") === "city" && !codeOf(area.get("hoodCode"))
    ? `${name}\n${tp("map.zoomToPick")}`
    : name;
}
