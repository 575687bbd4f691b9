import { Button, Collapse } from "@blueprintjs/core";
import { type ReactNode, startTransition, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "../../i18n/index.ts";
import { areaTitle, codeOf } from "../../lib/map/style.ts";
import { useTheme } from "../../lib/theme.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { activeKeys } from "./filters.ts";
import styles from "./MapView.module.css";
import type { Bounds } from "./map/boundsWatch.ts";
import { createPropertyMap, type PropertyMapHandle } from "./map/createPropertyMap.ts";
import { ListingPopup } from "./map/ListingPopup.tsx";
import { MapCredits } from "./map/MapCredits.tsx";
import { MapStatus } from "./map/MapStatus.tsx";
import { PlaceSearch } from "./map/PlaceSearch.tsx";
import { pointsOf } from "./map/points.ts";
import { SEARCH_ZOOM } from "./map/rules.ts";
import { SpotList } from "./map/SpotList.tsx";
import { useBoundaries, useListing, useMapListings } from "./map/useMapData.ts";
import type { MapPosition, PropertyAsset, PropertyFilters } from "./types.ts";

// The Map View of /properties: the listings in view on an OpenLayers map,
// clustered; city and neighbourhood boundaries, a click on a neighbourhood filtering by it; a place
// search; a popup per listing. The map itself lives in map/createPropertyMap.ts, apart from React:
// this component feeds it answers and state and turns its events into the page's changes.

export interface MapViewProps {
  filters: PropertyFilters;
  onFiltersChange: (filters: PropertyFilters) => void;
  position: MapPosition;
  onPositionChange: (position: MapPosition) => void;
  onOpenStory: (id: string) => void;
  /** The filter panel's contents; the compact filter bar when the page gives none. */
  filterPanel?: ReactNode;
}

interface Popup {
  /** The listings at the clicked marker: one, or several at one spot. */
  ids: string[];
  coordinate: number[];
  /** The one shown; null while several are listed. */
  id: string | null;
}

/** Neighbourhood code → its name, from the boundary file (for the chosen area's chip). */
function useAreaNames(geojson: unknown): ReadonlyMap<number, string> {
  return useMemo(() => {
    const names = new Map<number, string>();
    const features = (geojson as { features?: { properties?: Record<string, unknown> }[] } | undefined)
      ?.features;
    for (const f of features ?? []) {
      const code = codeOf(f.properties?.hoodCode);
      if (code !== null && f.properties) names.set(code, areaTitle(f.properties, true));
    }
    return names;
  }, [geojson]);
}

export function MapView(props: MapViewProps) {
  const { filters, onFiltersChange, position, onOpenStory } = props;
  const { t, i18n } = useTranslation("properties");
  const lang = i18n.language;
  const { isDark } = useTheme();
  const target = useRef<HTMLDivElement>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<PropertyMapHandle | null>(null);
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  // Closed at first: the map is what this view is for; the badge says when filters are set.
  const [panelOpen, setPanelOpen] = useState(false);
  const cities = useBoundaries("/city_boundaries.geojson");
  const hoods = useBoundaries("/hood_boundaries.geojson");
  const listings = useMapListings(filters, bounds);
  const answer = listings.data;
  const shown = useListing(popup?.id ?? null, answer);
  const areaNames = useAreaNames(hoods.data);
  const known = useMemo(
    () => new Map<string, PropertyAsset>((answer?.assets ?? []).map((a) => [a._id, a])),
    [answer],
  );

  // The map's events read the newest props through this, so the map is made once.
  const latest = useRef(props);
  latest.current = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first values only seed the map.
  useEffect(() => {
    if (!target.current) return;
    const created = createPropertyMap(target.current, {
      position,
      dark: isDark,
      // A settled view re-renders the page (the address changed) and the map's query: as a
      // transition React renders it in slices, so a pan's end never blocks the next gesture.
      events: {
        onBounds: (b) => startTransition(() => setBounds(b)),
        onMove: (p) => startTransition(() => latest.current.onPositionChange(p)),
        onAreaClick: (code) => {
          const f = latest.current.filters;
          latest.current.onFiltersChange({
            ...f,
            neighborhoodCode: f.neighborhoodCode === code ? null : code,
          });
        },
        onListings: (ids, coordinate) =>
          setPopup({ ids, coordinate, id: ids.length === 1 ? (ids[0] ?? null) : null }),
        onBlankClick: () => setPopup(null),
      },
    });
    setMap(created);
    return () => {
      setMap(null);
      created.dispose();
    };
  }, []);

  useEffect(() => {
    if (cities.data) map?.setCities(cities.data);
  }, [map, cities.data]);
  useEffect(() => {
    if (hoods.data) map?.setHoods(hoods.data);
  }, [map, hoods.data]);
  // In a task of its own, after React's: an answer's markers and the page's render are each
  // shorter than the two together.
  useEffect(() => {
    if (!map || !answer) return;
    const timer = setTimeout(() => map.setPoints(pointsOf(answer)));
    return () => clearTimeout(timer);
  }, [map, answer]);
  useEffect(() => map?.setSelectedArea(filters.neighborhoodCode), [map, filters.neighborhoodCode]);
  useEffect(() => map?.setPosition(position), [map, position]);
  useEffect(() => map?.setDark(isDark), [map, isDark]);
  useEffect(() => {
    if (lang) map?.redrawLabels();
  }, [map, lang]);
  useEffect(() => map?.setPopup(popup && { id: popup.id, coordinate: popup.coordinate }), [map, popup]);
  // Once the card has its size (and again when its listing arrives), bring all of it into view
  // below the floating search row and status line.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listing's arrival resizes the card.
  useEffect(() => {
    if (!map || !popup) return;
    const frame = requestAnimationFrame(() => {
      const top = target.current?.getBoundingClientRect().top ?? 0;
      const covered = [rowRef.current, statusRef.current].map(
        (el) => el?.getBoundingClientRect().bottom ?? top,
      );
      map.revealPopup(Math.max(...covered) - top + 8);
    });
    return () => cancelAnimationFrame(frame);
  }, [map, popup, shown.asset]);

  const closePopup = () => setPopup(null);
  // Escape closes the popup wherever the focus is (a row of the spot list that opened a listing
  // is gone from the page, leaving the focus on the body).
  useEffect(() => {
    if (!popup) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setPopup(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [popup]);
  const filterCount = activeKeys(filters).filter((k) => k !== "neighborhoodCode").length;
  const boundaryError = cities.error ?? hoods.error;

  return (
    <div className={styles.map}>
      <div
        ref={target}
        className={styles.canvas}
        data-testid="property-map"
        data-ready={hoods.data && cities.data && map ? "true" : "false"}
        role="application"
        aria-label={t("map.label")}
      />
      <div className={styles.top}>
        <div className={styles.controls}>
          <div className={styles.row} ref={rowRef}>
            <PlaceSearch className={styles.place} onPlace={(p) => map?.flyTo(p.lon, p.lat, SEARCH_ZOOM)} />
            <Button
              className={styles.filtersToggle}
              icon="filter"
              size="large"
              aria-label={t("map.filters")}
              aria-expanded={panelOpen}
              active={panelOpen}
              onClick={() => setPanelOpen((open) => !open)}
            >
              <span className={styles.filtersText}>{t("map.filters")}</span>
              {filterCount ? <span className={styles.badge}>{filterCount}</span> : null}
            </Button>
          </div>
          <Collapse isOpen={panelOpen}>
            <div className={styles.panel}>
              {props.filterPanel ?? <FilterBar filters={filters} onChange={onFiltersChange} compact />}
            </div>
          </Collapse>
        </div>
        <MapStatus
          ref={statusRef}
          answer={answer}
          loading={listings.isFetching}
          error={listings.error ?? boundaryError}
          areaName={
            filters.neighborhoodCode === null
              ? null
              : (areaNames.get(filters.neighborhoodCode) ??
                t("filters.area", { code: filters.neighborhoodCode }))
          }
          onClearArea={() => onFiltersChange({ ...filters, neighborhoodCode: null })}
        />
      </div>
      <MapCredits />
      {map && popup
        ? createPortal(
            popup.id ? (
              <ListingPopup
                asset={shown.asset}
                loading={shown.loading}
                error={shown.error}
                onBack={popup.ids.length > 1 ? () => setPopup({ ...popup, id: null }) : undefined}
                onClose={closePopup}
                onOpenStory={onOpenStory}
              />
            ) : (
              <SpotList
                ids={popup.ids}
                known={known}
                onPick={(id) => setPopup({ ...popup, id })}
                onClose={closePopup}
              />
            ),
            map.popup,
          )
        : null}
    </div>
  );
}
