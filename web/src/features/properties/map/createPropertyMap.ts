import Zoom from "ol/control/Zoom.js";
import { getCenter, getHeight, getWidth } from "ol/extent.js";
import type { FeatureLike } from "ol/Feature.js";
import { defaults as defaultInteractions } from "ol/interaction/defaults.js";
import TileLayer from "ol/layer/Tile.js";
import OlMap from "ol/Map.js";
import Overlay from "ol/Overlay.js";
import { fromLonLat, toLonLat, transformExtent } from "ol/proj.js";
import XYZ from "ol/source/XYZ.js";
import View from "ol/View.js";
import { areaTitle, codeOf } from "../../../lib/map/style.ts";
import { tileUrl } from "../../../lib/map/tiles.ts";
import { tp } from "../texts.ts";
import type { MapPosition } from "../types.ts";
import { createBoundaryLayers } from "./boundaryLayers.ts";
import { NO_SUPPORT } from "./boundaryStyle.ts";
import { type Bounds, watchBounds } from "./boundsWatch.ts";
import { markerTitle } from "./labels.ts";
import { createListingLayer, type MarkerHit } from "./listingLayer.ts";
import { clampBounds } from "./mapQuery.ts";
import type { MarkerLook } from "./markerStyle.ts";
import { createPlaceLayer } from "./placeLayer.ts";
import type { MapPoint } from "./points.ts";
import {
  BOUNDARY_SWITCH_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  NO_CLUSTER_ZOOM,
  roundPosition,
  samePosition,
} from "./rules.ts";
import "ol/ol.css";
import styles from "./createPropertyMap.module.css";

// The properties map's OpenLayers side, kept apart from React like the area picker
// (bots/map/createAreaMap.ts): the component creates it once and pushes answers, the selection,
// the theme and the position in; what the user does comes back through `events`.

export interface PropertyMapEvents {
  /** The view settled on new bounds (boundsWatch's rule): time to ask the server. */
  onBounds: (bounds: Bounds) => void;
  /** The view settled (boundsWatch) somewhere else than the last position given or reported. */
  onMove: (position: MapPosition) => void;
  onAreaClick: (code: number) => void;
  /** One listing, or several at one spot (the same building), were clicked. */
  onListings: (ids: string[], coordinate: number[]) => void;
  /** A click on nothing in particular: popups close. */
  onBlankClick: () => void;
}

export interface PropertyMapHandle {
  /** The popup's element, which OpenLayers places; React renders into it. */
  popup: HTMLElement;
  setCities: (geojson: unknown) => void;
  setHoods: (geojson: unknown) => void;
  setPoints: (points: readonly MapPoint[]) => void;
  setSelectedArea: (code: number | null) => void;
  /** The listing whose popup is open (its marker is drawn active) and where to put the popup. */
  setPopup: (open: { id: string | null; coordinate: number[] } | null) => void;
  setDark: (dark: boolean) => void;
  /** Draws the markers again, their prices in the language now shown. */
  redrawLabels: () => void;
  setPosition: (position: MapPosition) => void;
  /** The place search's answer: fly there and ring the spot. */
  flyTo: (lon: number, lat: number, zoom: number) => void;
  /**
   * Pans so the popup's card lies inside the map, `topInset` px below its top edge (the floating
   * controls) and 12 px from the others; the move is a normal one (a new query may follow).
   */
  revealPopup: (topInset: number) => void;
  /** Listings drawn now (cells count their listings). */
  listingCount: () => number;
  setEvents: (events: PropertyMapEvents) => void;
  dispose: () => void;
}

const TOOLTIP_TAP_MS = 2500;

export function createPropertyMap(
  target: HTMLElement,
  init: { position: MapPosition; dark: boolean; events: PropertyMapEvents },
): PropertyMapHandle {
  let events = init.events;
  let known = roundPosition(init.position);
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
  const tiles = new TileLayer({ source: new XYZ({ url: tileUrl(init.dark), maxZoom: 20 }) });

  // Made here, not by React: OpenLayers moves an overlay's element into its own container.
  const tip = document.createElement("div");
  tip.className = styles.tooltip;
  tip.dataset.testid = "map-tooltip";
  const tooltip = new Overlay({
    element: tip,
    positioning: "bottom-center",
    offset: [0, -16],
    stopEvent: false,
  });
  const popupElement = document.createElement("div");
  popupElement.className = "property-map__popup-anchor";
  // No autoPan: its one margin cannot keep the card clear of the search bar; `revealPopup` can.
  const popup = new Overlay({ element: popupElement, positioning: "bottom-center", offset: [0, -22] });

  const map = new OlMap({
    target,
    layers: [
      tiles,
      boundaries.city,
      boundaries.hood,
      boundaries.hover,
      boundaries.selected,
      place.layer,
      listings.layer,
    ],
    view,
    overlays: [tooltip, popup],
    // Zoom buttons only: attribution is the component's footer. North stays up (no rotation).
    controls: [new Zoom()],
    interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false }),
  });
  // Arrow keys pan and +/- zoom once the map has focus.
  target.tabIndex = 0;

  const readBounds = (): Bounds | null => {
    const size = map.getSize();
    if (!size?.[0] || !size[1]) return null;
    const extent = transformExtent(view.calculateExtent(size), "EPSG:3857", "EPSG:4326");
    return clampBounds(extent as unknown as Bounds);
  };
  const positionNow = (): MapPosition => {
    const [lon, lat] = toLonLat(view.getCenter() ?? [0, 0]) as [number, number];
    return roundPosition({ lat, lon, zoom: view.getZoom() ?? known.zoom });
  };
  // The position goes to the address when the view has settled, in the tick of the bounds query:
  // each write re-renders the whole page, so one per move, together with the query's.
  const stopWatch = watchBounds(readBounds, {
    onBounds: (b) => events.onBounds(b),
    onSettled: () => {
      const now = positionNow();
      if (samePosition(now, known)) return;
      known = now;
      events.onMove(now);
    },
  });

  view.on("change:resolution", () => {
    const zoom = view.getZoom() ?? known.zoom;
    look.crowded = zoom >= NO_CLUSTER_ZOOM;
    listings.setZoom(zoom);
  });

  const markerAt = (coordinate: number[]): FeatureLike | null =>
    listings.markerAt(coordinate, view.getResolution() ?? 1);
  // By geometry, not by drawing: the boundaries are images, and reading one back to find the area
  // under the pointer cost a long task on the first hover. A polygon holds a point or not.
  const areaAt = (coordinate: number[]): FeatureLike | null => {
    const layer = (view.getZoom() ?? 0) >= BOUNDARY_SWITCH_ZOOM ? boundaries.hood : boundaries.city;
    return layer.getSource()?.getFeaturesAtCoordinate(coordinate)[0] ?? null;
  };
  const areaTip = (area: FeatureLike): string | null => {
    const name = areaTitle(area.getProperties(), true);
    if (!boundaries.isSupported(area)) return `${name}\n${NO_SUPPORT}`;
    return area.get("type") === "city" && !codeOf(area.get("hoodCode"))
      ? `${name}\n${tp("map.zoomToPick")}`
      : name;
  };
  let tapTimer: ReturnType<typeof setTimeout> | undefined;
  const showTip = (text: string | null, coordinate?: number[], unsupported = false) => {
    clearTimeout(tapTimer);
    if (!text || !coordinate) {
      tooltip.setPosition(undefined);
      return;
    }
    const [title, note] = text.split("\n");
    tip.replaceChildren();
    const strong = document.createElement("strong");
    strong.textContent = title ?? "";
    strong.dir = "auto";
    tip.append(strong);
    if (note) {
      const line = document.createElement("span");
      line.className = unsupported ? styles.warn : styles.note;
      line.textContent = note;
      line.dir = "auto";
      tip.append(line);
    }
    tooltip.setPosition(coordinate);
  };

  const setHovered = (marker: FeatureLike | null) => {
    if (look.hovered === marker) return;
    look.hovered = marker;
    listings.changed();
  };

  // Hit detection once per frame at most, however fast the pointer moves.
  let pending: { coordinate: number[] } | null = null;
  const hoverFrame = () => {
    const event = pending;
    pending = null;
    if (!event) return;
    const marker = markerAt(event.coordinate);
    setHovered(marker);
    if (marker) {
      boundaries.setHover(null);
      target.style.cursor = "pointer";
      const hit = listings.hit(marker);
      const open = popup.getPosition();
      // The marker whose card is open needs no tooltip (it would peek out from under the card).
      if (open && hit && hit.coordinate[0] === open[0] && hit.coordinate[1] === open[1]) showTip(null);
      else if (hit) {
        const title =
          hit.kind === "cluster"
            ? markerTitle({ count: hit.total, price: null })
            : markerTitle({ count: 1, price: hit.price });
        showTip(title, hit.coordinate);
      }
      return;
    }
    const area = areaAt(event.coordinate);
    boundaries.setHover(area);
    const supported = area ? boundaries.isSupported(area) : false;
    target.style.cursor = supported ? "pointer" : "";
    showTip(area ? areaTip(area) : null, event.coordinate, !supported);
  };
  map.on("pointermove", (event) => {
    if (event.dragging) return;
    if (!pending) requestAnimationFrame(hoverFrame);
    pending = { coordinate: event.coordinate };
  });
  const leave = () => {
    pending = null;
    showTip(null);
    boundaries.setHover(null);
    setHovered(null);
  };
  target.addEventListener("pointerleave", leave);

  const openCluster = (hit: Extract<MarkerHit, { kind: "cluster" }>) => {
    const zoom = view.getZoom() ?? known.zoom;
    const spot = getWidth(hit.extent) < 1 && getHeight(hit.extent) < 1;
    // The same building, or as deep as the map goes: no zoom separates them, so list them.
    if (hit.ids.length === hit.total && (spot || zoom >= MAX_ZOOM - 0.5)) {
      events.onListings(hit.ids, hit.coordinate);
      return;
    }
    const [w = 400, h = 400] = map.getSize() ?? [];
    // The members' extent with room around it; a spot (server cells, one building) gets two levels.
    const room = [Math.max(1, w - 160), Math.max(1, h - 160)];
    const fit = spot
      ? zoom + 2
      : (view.getZoomForResolution(view.getResolutionForExtent(hit.extent, room)) ?? zoom + 2);
    view.animate({
      center: spot ? hit.coordinate : getCenter(hit.extent),
      zoom: Math.min(MAX_ZOOM, Math.max(zoom + 1, Math.min(fit, zoom + 4))),
      duration: 450,
    });
  };

  map.on("click", (event) => {
    const marker = markerAt(event.coordinate);
    const hit = marker ? listings.hit(marker) : null;
    if (hit?.kind === "listing") return events.onListings([hit.id], hit.coordinate);
    if (hit?.kind === "cluster") return openCluster(hit);
    events.onBlankClick();
    const area = areaAt(event.coordinate);
    if (!area) return;
    if (!boundaries.isSupported(area)) {
      // Touch screens have no hover: the tap shows what a hover would, for a moment.
      showTip(areaTip(area), event.coordinate, true);
      tapTimer = setTimeout(() => showTip(null), TOOLTIP_TAP_MS);
      return;
    }
    const code = codeOf(area.get("hoodCode"));
    if (code !== null) events.onAreaClick(code);
    // A city: neighbourhoods are chosen from zoom 13, so go there.
    else view.animate({ center: event.coordinate, zoom: BOUNDARY_SWITCH_ZOOM + 0.5, duration: 450 });
  });

  return {
    popup: popupElement,
    setCities: (geojson) => boundaries.setCities(geojson),
    setHoods: (geojson) => boundaries.setHoods(geojson),
    setPoints: (points) => listings.setPoints(points),
    setSelectedArea: (code) => boundaries.select(code),
    setPopup(open) {
      const id = open?.id ?? null;
      if (id !== look.selectedId) {
        look.selectedId = id;
        listings.changed();
      }
      popup.setPosition(open?.coordinate);
      // The hover's tooltip would peek out from under the card.
      if (open) showTip(null);
    },
    setDark(dark) {
      if (dark === look.dark) return;
      look.dark = dark;
      tiles.setSource(new XYZ({ url: tileUrl(dark), maxZoom: 20 }));
      boundaries.setDark(dark);
      place.setDark(dark);
      listings.changed();
    },
    redrawLabels: () => listings.changed(),
    setPosition(position) {
      if (samePosition(position, positionNow())) return;
      known = roundPosition(position);
      view.cancelAnimations();
      view.setCenter(fromLonLat([position.lon, position.lat]));
      view.setZoom(position.zoom);
    },
    flyTo(lon, lat, zoom) {
      const centre = fromLonLat([lon, lat]);
      place.set(centre);
      view.cancelAnimations();
      // Out a little and back in, so a long way reads as a flight rather than a jump.
      const from = view.getZoom() ?? zoom;
      const duration = 1200;
      view.animate({ center: centre, duration });
      view.animate(
        { zoom: Math.min(from, zoom) - 1, duration: duration / 2 },
        { zoom, duration: duration / 2 },
      );
    },
    revealPopup(topInset) {
      if (!popup.getPosition()) return;
      const card = popupElement.getBoundingClientRect();
      const box = target.getBoundingClientRect();
      const margin = 12;
      const shift = (low: number, high: number, min: number, max: number) =>
        low < min ? low - min : high > max ? Math.min(high - max, low - min) : 0;
      const dx = shift(card.left, card.right, box.left + margin, box.right - margin);
      const dy = shift(card.top, card.bottom, box.top + topInset, box.bottom - margin - 24);
      if (!dx && !dy) return;
      const [cx = 0, cy = 0] = map.getPixelFromCoordinate(view.getCenter() ?? [0, 0]) ?? [];
      view.animate({ center: map.getCoordinateFromPixel([cx + dx, cy + dy]), duration: 250 });
    },
    listingCount: () => listings.count(),
    setEvents(next) {
      events = next;
    },
    dispose() {
      clearTimeout(tapTimer);
      stopWatch();
      target.removeEventListener("pointerleave", leave);
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
