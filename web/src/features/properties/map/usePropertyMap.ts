import { type RefObject, startTransition, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import type { SavedPlace } from "../../../lib/distance.ts";
import type { AssetPage, MapPosition, PropertyFilters } from "../types.ts";
import type { Bounds } from "./boundsWatch.ts";
import { createPropertyMap, type PropertyMapHandle } from "./createPropertyMap.ts";
import type { Popup } from "./MapPopup.tsx";
import { nearPoints, pointsOf } from "./points.ts";

// The Map View's hooks around the OpenLayers map: made once, fed the page's state, its card kept
// in view.

interface MapOwner {
  filters: PropertyFilters;
  onFiltersChange: (filters: PropertyFilters) => void;
  onPositionChange: (position: MapPosition) => void;
}

/** Makes the map once in `target`; its events read the newest `owner` and set bounds and popup. */
export function usePropertyMap(
  target: RefObject<HTMLDivElement | null>,
  first: { position: MapPosition; dark: boolean },
  owner: MapOwner,
  set: { bounds: (b: Bounds) => void; popup: (p: Popup | null) => void },
): PropertyMapHandle | null {
  const [map, setMap] = useState<PropertyMapHandle | null>(null);
  // The map's events read the newest props through this, so the map is made once.
  const latest = useRef(owner);
  latest.current = owner;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first values only seed the map.
  useEffect(() => {
    if (!target.current) return;
    const created = createPropertyMap(target.current, {
      ...first,
      // A settled view re-renders the page (the address changed) and the map's query: as a
      // transition React renders it in slices, so a pan's end never blocks the next gesture.
      events: {
        onBounds: (b) => startTransition(() => set.bounds(b)),
        onMove: (p) => startTransition(() => latest.current.onPositionChange(p)),
        onAreaClick: (code) => {
          const f = latest.current.filters;
          latest.current.onFiltersChange({
            ...f,
            neighborhoodCode: f.neighborhoodCode === code ? null : code,
          });
        },
        onListings: (ids, coordinate) =>
          set.popup({ ids, coordinate, id: ids.length === 1 ? (ids[0] ?? null) : null }),
        onBlankClick: () => set.popup(null),
      },
    });
    setMap(created);
    return () => {
      setMap(null);
      created.dispose();
    };
  }, []);
  return map;
}

/** Pushes the page's state into the map as it changes. */
export function useMapFeed(
  map: PropertyMapHandle | null,
  state: {
    cities: unknown;
    hoods: unknown;
    answer: AssetPage | undefined;
    area: number | null;
    position: MapPosition;
    dark: boolean;
    popup: Popup | null;
    /** The reader's places and "near my places" (km, or null when off). */
    places: readonly SavedPlace[];
    nearKm: number | null;
  },
): void {
  const { cities, hoods, answer, area, position, dark, popup, places, nearKm } = state;
  // The markers' prices are written in the language shown.
  const lang = useTranslation("properties").i18n.language;
  useEffect(() => {
    if (cities) map?.setCities(cities);
  }, [map, cities]);
  useEffect(() => {
    if (hoods) map?.setHoods(hoods);
  }, [map, hoods]);
  // In a task of its own, after React's: an answer's markers and the page's render are each
  // shorter than the two together.
  useEffect(() => {
    if (!map || !answer) return;
    const timer = setTimeout(() => map.setPoints(nearPoints(pointsOf(answer), places, nearKm)));
    return () => clearTimeout(timer);
  }, [map, answer, places, nearKm]);
  useEffect(() => map?.setSavedPlaces(places, nearKm), [map, places, nearKm]);
  useEffect(() => map?.setSelectedArea(area), [map, area]);
  useEffect(() => map?.setPosition(position), [map, position]);
  useEffect(() => map?.setDark(dark), [map, dark]);
  useEffect(() => {
    if (lang) map?.redrawLabels();
  }, [map, lang]);
  useEffect(() => map?.setPopup(popup && { id: popup.id, coordinate: popup.coordinate }), [map, popup]);
}

/**
 * Once the card has its size (and again when its listing arrives, `content`), brings all of it
 * into view below the elements that float over the map's top.
 */
export function useRevealPopup(
  map: PropertyMapHandle | null,
  popup: Popup | null,
  content: unknown,
  target: RefObject<HTMLElement | null>,
  over: RefObject<HTMLElement | null>[],
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listing's arrival resizes the card.
  useEffect(() => {
    if (!map || !popup) return;
    const frame = requestAnimationFrame(() => {
      const top = target.current?.getBoundingClientRect().top ?? 0;
      const covered = over.map((ref) => ref.current?.getBoundingClientRect().bottom ?? top);
      map.revealPopup(Math.max(...covered) - top + 8);
    });
    return () => cancelAnimationFrame(frame);
  }, [map, popup, content]);
}

/**
 * Escape closes the popup wherever the focus is (a row of the spot list that opened a listing
 * is gone from the page, leaving the focus on the body).
 */
export function useEscapeCloses(open: boolean, close: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `close` is a state setter's call.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
}
