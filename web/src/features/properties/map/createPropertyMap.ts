import { unByKey } from "ol/Observable.js";
import { transformExtent } from "ol/proj.js";
import type { SavedPlace } from "../../../lib/distance.ts";
import type { MapPosition } from "../types.ts";
import { type Bounds, watchBounds } from "./boundsWatch.ts";
import { onMapClick } from "./mapClick.ts";
import { flyTo, revealPopup } from "./mapMoves.ts";
import { createMapParts, type MapParts, tilesOf } from "./mapParts.ts";
import { followPointer } from "./mapPointer.ts";
import { clampBounds } from "./mapQuery.ts";
import { placeKeeper } from "./placeKeeper.ts";
import type { MapPoint } from "./points.ts";
import { NO_CLUSTER_ZOOM } from "./rules.ts";
import "ol/ol.css";

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
  /** The reader's places, ringed at `ringKm` when "near my places" is on (null: no rings). */
  setSavedPlaces: (places: readonly SavedPlace[], ringKm: number | null) => void;
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

export function createPropertyMap(
  target: HTMLElement,
  init: { position: MapPosition; dark: boolean; events: PropertyMapEvents },
): PropertyMapHandle {
  let events = init.events;
  const parts = createMapParts(target, init);
  const { view, listings, look } = parts;
  const place = placeKeeper(view, init.position);
  // The position goes to the address when the view has settled, in the tick of the bounds query:
  // each write re-renders the whole page, so one per move, together with the query's.
  const stopWatch = watchBounds(
    () => boundsOf(parts),
    {
      onBounds: (b) => events.onBounds(b),
      onSettled: () => place.settled((now) => events.onMove(now)),
    },
    (moves) => {
      const keys = [parts.map.on("movestart", moves.start), parts.map.on("moveend", moves.end)];
      return () => unByKey(keys);
    },
  );
  view.on("change:resolution", () => {
    const zoom = view.getZoom() ?? place.known().zoom;
    look.crowded = zoom >= NO_CLUSTER_ZOOM;
    listings.setZoom(zoom);
  });
  const stopPointer = followPointer(parts);
  onMapClick(
    parts,
    () => events,
    () => view.getZoom() ?? place.known().zoom,
  );
  return {
    ...drawing(parts),
    popup: parts.popupElement,
    setPosition: place.set,
    flyTo: (lon, lat, zoom) => flyTo(parts, lon, lat, zoom),
    revealPopup: (topInset) => revealPopup(parts, topInset),
    listingCount: () => listings.count(),
    setEvents(next) {
      events = next;
    },
    dispose() {
      parts.tooltip.dispose();
      stopWatch();
      stopPointer();
      parts.map.setTarget(undefined);
      parts.map.dispose();
    },
  };
}

function boundsOf({ map, view }: MapParts): Bounds | null {
  const size = map.getSize();
  if (!size?.[0] || !size[1]) return null;
  const extent = transformExtent(view.calculateExtent(size), "EPSG:3857", "EPSG:4326");
  return clampBounds(extent as unknown as Bounds);
}

/** What the component pushes in: the data, the selection, the popup, the theme. */
function drawing(parts: MapParts) {
  const { boundaries, listings, look, popup, tooltip } = parts;
  return {
    setCities: (geojson: unknown) => boundaries.setCities(geojson),
    setHoods: (geojson: unknown) => boundaries.setHoods(geojson),
    setPoints: (points: readonly MapPoint[]) => listings.setPoints(points),
    setSelectedArea: (code: number | null) => boundaries.select(code),
    setPopup(open: { id: string | null; coordinate: number[] } | null) {
      const id = open?.id ?? null;
      if (id !== look.selectedId) {
        look.selectedId = id;
        listings.changed();
      }
      popup.setPosition(open?.coordinate);
      // The hover's tooltip would peek out from under the card.
      if (open) tooltip.show(null);
    },
    setDark(dark: boolean) {
      if (dark === look.dark) return;
      look.dark = dark;
      parts.tiles.setSource(tilesOf(dark));
      boundaries.setDark(dark);
      parts.place.setDark(dark);
      parts.saved.setDark(dark);
      listings.changed();
    },
    redrawLabels: () => listings.changed(),
    setSavedPlaces: (places: readonly SavedPlace[], ringKm: number | null) =>
      parts.saved.set(places, () => ringKm),
  } satisfies Partial<PropertyMapHandle>;
}
