import { type ReactNode, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { useSavedPlaces } from "../../lib/savedPlaces.tsx";
import { useTheme } from "../../lib/theme.tsx";
import styles from "./MapView.module.css";
import type { Bounds } from "./map/boundsWatch.ts";
import { MapCredits } from "./map/MapCredits.tsx";
import { MapPopup, type Popup } from "./map/MapPopup.tsx";
import { MapTop } from "./map/MapTop.tsx";
import { NearPlaces } from "./map/NearPlaces.tsx";
import { nearPoints, pointsOf } from "./map/points.ts";
import { SEARCH_ZOOM } from "./map/rules.ts";
import { useMapViewData } from "./map/useMapData.ts";
import { useEscapeCloses, useMapFeed, usePropertyMap, useRevealPopup } from "./map/usePropertyMap.ts";
import type { MapPosition, PropertyFilters } from "./types.ts";

// The Map View of /properties: the listings in view on an OpenLayers map,
// clustered; city and neighbourhood boundaries, a click on a neighbourhood filtering by it; a place
// search; a popup per listing; the reader's places, ringed and filtering when "near my places" is on. The map itself lives in map/createPropertyMap.ts, apart from React:
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

export function MapView(props: MapViewProps) {
  const { filters, onFiltersChange, position, onOpenStory } = props;
  const { t } = useTranslation("properties");
  const { isDark } = useTheme();
  const target = useRef<HTMLDivElement>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const places = useSavedPlaces();
  // "Near my places" is a filter of the address, shared with the list: the server keeps the
  // listings within it, and the map draws the rings and keeps the points inside them.
  const nearKm = filters.nearKm;
  const { cities, hoods, listings, answer, shown, areaNames, known, error } = useMapViewData(
    filters,
    bounds,
    popup?.id ?? null,
  );
  // How many listings in view the rings hold (a server cell by its centre).
  const inRange = useMemo(
    () =>
      nearKm !== null && answer
        ? nearPoints(pointsOf(answer), places, nearKm).reduce((n, p) => n + p.count, 0)
        : null,
    [answer, places, nearKm],
  );
  const map = usePropertyMap(target, { position, dark: isDark }, props, {
    bounds: setBounds,
    popup: setPopup,
  });
  const area = filters.neighborhoodCode;
  useMapFeed(map, {
    cities: cities.data,
    hoods: hoods.data,
    answer,
    area,
    position,
    dark: isDark,
    popup,
    places,
    nearKm,
  });
  // Below the floating search row and status line.
  useRevealPopup(map, popup, shown.asset, target, [rowRef, statusRef]);
  useEscapeCloses(popup !== null, () => setPopup(null));

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
      <MapTop
        rowRef={rowRef}
        statusRef={statusRef}
        status={{ answer, loading: listings.isFetching, error }}
        areaNames={areaNames}
        filters={filters}
        onFiltersChange={onFiltersChange}
        onPlace={(p) => map?.flyTo(p.lon, p.lat, SEARCH_ZOOM)}
        filterPanel={props.filterPanel}
      />
      <NearPlaces
        places={places}
        km={nearKm}
        inRange={inRange}
        onChange={(km) => onFiltersChange({ ...filters, nearKm: km })}
      />
      <MapCredits />
      {map && popup ? (
        <MapPopup
          popup={popup}
          anchor={map.popup}
          shown={shown}
          known={known}
          onChange={setPopup}
          onOpenStory={onOpenStory}
        />
      ) : null}
    </div>
  );
}
