import { Button, Collapse } from "@blueprintjs/core";
import { type ReactNode, type Ref, useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import { FilterBar } from "../FilterBar.tsx";
import { activeKeys } from "../filters.ts";
import styles from "../MapView.module.css";
import type { AssetPage, PropertyFilters } from "../types.ts";
import { MapStatus } from "./MapStatus.tsx";
import { PlaceSearch } from "./PlaceSearch.tsx";

interface Props {
  /** The row's and the status line's elements: the map keeps an open card below them. */
  rowRef: Ref<HTMLDivElement>;
  statusRef: Ref<HTMLDivElement>;
  status: { answer: AssetPage | undefined; loading: boolean; error: Error | null };
  /** Neighbourhood code → its name, for the chosen area's chip. */
  areaNames: ReadonlyMap<number, string>;
  filters: PropertyFilters;
  onFiltersChange: (filters: PropertyFilters) => void;
  onPlace: (place: { lon: number; lat: number }) => void;
  /** The filter panel's contents; the compact filter bar when the page gives none. */
  filterPanel?: ReactNode;
}

/** What floats over the map's top: the controls, then the status line with the chosen area. */
export function MapTop(props: Props) {
  const { t } = useTranslation("properties");
  const { filters, onFiltersChange, areaNames } = props;
  const area = filters.neighborhoodCode;
  return (
    <div className={styles.top}>
      <MapControls {...props} />
      <MapStatus
        ref={props.statusRef}
        {...props.status}
        areaName={area === null ? null : (areaNames.get(area) ?? t("filters.area", { code: area }))}
        onClearArea={() => onFiltersChange({ ...filters, neighborhoodCode: null })}
      />
    </div>
  );
}

/** The place search and the filters' toggle, then their panel. */
function MapControls({ rowRef, filters, onFiltersChange, onPlace, filterPanel }: Props) {
  const { t } = useTranslation("properties");
  // Closed at first: the map is what this view is for; the badge says when filters are set.
  const [panelOpen, setPanelOpen] = useState(false);
  // The near switch is on the map itself, not behind the button.
  const filterCount = activeKeys(filters).filter((k) => k !== "neighborhoodCode" && k !== "nearKm").length;
  return (
    <div className={styles.controls}>
      <div className={styles.row} ref={rowRef}>
        <PlaceSearch className={styles.place} onPlace={onPlace} />
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
          {filterPanel ?? <FilterBar filters={filters} onChange={onFiltersChange} compact />}
        </div>
      </Collapse>
    </div>
  );
}
