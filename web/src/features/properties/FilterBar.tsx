import { Button, Collapse, HTMLSelect, InputGroup, SegmentedControl } from "@blueprintjs/core";
import clsx from "clsx";
import { useId, useRef, useState } from "react";
import { RangeSlider } from "../../components/RangeSlider.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import { AreaMultiSelect, useNeighborhoods } from "../bots/index.ts";
import styles from "./FilterBar.module.css";
import {
  AREAS_MAX,
  formatPrice,
  normalizePrice,
  PRICE_MARK_STEP,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  priceRangeText,
  ROOM_OPTIONS,
  roomsChoiceText,
  SEARCH_MAX,
} from "./filters.ts";
import type { PropertyFilters } from "./types.ts";
import { useAhead } from "./useAhead.ts";
import { useDebouncedText } from "./useDebouncedText.ts";

// The filter bar: search text and beside it Bot Settings' neighbourhood picker, minimum rooms
// ('1+ rooms' … '5+ rooms'), private / merchant / all, "Available by" (a day: flats whose entry is
// known and not later, or immediate) and the price slider (0–20,000 ₪, step 100, marks every 5,000).
// The list shows it across the page; the map's collapsible panel shows it `compact`, one control
// a row. Search text is sent 300 ms after typing stops; the slider when a handle is let go. On a
// phone the three controls fold under a 'Filters' button, so the first card is in view.

interface Props {
  filters: PropertyFilters;
  onChange: (filters: PropertyFilters) => void;
  compact?: boolean;
}

const sellerValue = (m: boolean | null) => (m === null ? "all" : m ? "merchant" : "private");
const sellerOf = (v: string) => (v === "all" ? null : v === "merchant");

const PHONE = "(max-width: 599.98px)";

export function FilterBar({ filters, onChange, compact = false }: Props) {
  const { t } = useTranslation("properties");
  const id = useId();
  const sellers = [
    { label: t("filters.all"), value: "all" },
    { label: t("card.private"), value: "private" },
    { label: t("card.merchant"), value: "merchant" },
  ];
  // The newest filters for the delayed search commit, which may land after another change.
  const latest = useRef(filters);
  latest.current = filters;
  const search = useDebouncedText(filters.searchText, (searchText) =>
    onChange({ ...latest.current, searchText }),
  );
  const [minRooms, setMinRooms] = useAhead(filters.minRooms);
  const [availableBy, setAvailableBy] = useAhead(filters.availableBy);
  const folds = useMediaQuery(PHONE) && !compact;
  const [unfolded, setUnfolded] = useState(false);
  const set =
    [filters.minRooms, filters.merchant, filters.priceRange, filters.availableBy].filter((v) => v !== null)
      .length + (filters.neighborhoodCodes.length ? 1 : 0);
  const toggleArea = (code: number) => {
    const codes = filters.neighborhoodCodes;
    const next = codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code];
    onChange({ ...filters, neighborhoodCodes: next.slice(0, AREAS_MAX) });
  };
  const areas = (
    <div className={clsx(styles.field, styles.areas)} data-testid="filter-areas">
      {folds || compact ? (
        <span className={styles.label} id={`${id}-areas`}>
          {t("filters.areas")}
        </span>
      ) : null}
      <AreaPicker
        selected={filters.neighborhoodCodes}
        onToggle={toggleArea}
        onClear={() => onChange({ ...filters, neighborhoodCodes: [] })}
      />
    </div>
  );

  const fields = (
    <>
      {folds || compact ? areas : null}
      <label className={clsx(styles.field, styles.rooms)} data-testid="filter-field" htmlFor={`${id}-rooms`}>
        <span className={styles.label}>{t("filters.rooms")}</span>
        <HTMLSelect
          id={`${id}-rooms`}
          value={minRooms ?? ""}
          fill
          onChange={(event) => {
            const v = event.currentTarget.value;
            setMinRooms(v ? Number(v) : null);
            onChange({ ...filters, minRooms: v ? Number(v) : null });
          }}
          options={[
            { label: t("filters.anyRooms"), value: "" },
            ...ROOM_OPTIONS.map((n) => ({ label: roomsChoiceText(n), value: n })),
          ]}
        />
      </label>
      <div className={clsx(styles.field, styles.seller)} data-testid="filter-field">
        <span className={styles.label} id={`${id}-seller`}>
          {t("filters.seller")}
        </span>
        <SegmentedControl
          aria-labelledby={`${id}-seller`}
          options={sellers}
          value={sellerValue(filters.merchant)}
          onValueChange={(v) => onChange({ ...filters, merchant: sellerOf(v) })}
          fill
        />
      </div>
      <label
        className={clsx(styles.field, styles.available)}
        data-testid="filter-field"
        htmlFor={`${id}-available`}
      >
        <span className={styles.label}>{t("filters.availableBy")}</span>
        <InputGroup
          id={`${id}-available`}
          type="date"
          aria-label={t("filters.availableByLabel")}
          value={availableBy ?? ""}
          onValueChange={(value) => {
            const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
            setAvailableBy(day);
            onChange({ ...filters, availableBy: day });
          }}
        />
      </label>
      <PriceSlider
        value={filters.priceRange}
        onChange={(priceRange) => onChange({ ...filters, priceRange })}
      />
    </>
  );

  return (
    <search className={clsx(styles.bar, compact && styles.compact)}>
      <div className={styles.search}>
        <InputGroup
          className={styles.input}
          type="search"
          leftIcon="search"
          placeholder={t("filters.search")}
          aria-label={t("filters.searchLabel")}
          value={search.text}
          maxLength={SEARCH_MAX}
          dir="auto"
          size={compact ? "medium" : "large"}
          onValueChange={search.change}
          onKeyDown={(event) => {
            if (event.key === "Enter") search.flush(search.text);
          }}
          rightElement={
            search.text ? (
              <Button
                variant="minimal"
                icon="cross"
                aria-label={t("filters.clearSearch")}
                onClick={() => search.flush("")}
              />
            ) : undefined
          }
        />
        {folds || compact ? null : areas}
        {folds ? (
          <Button
            icon="filter"
            size="large"
            active={unfolded}
            intent={set ? "primary" : "none"}
            aria-expanded={unfolded}
            onClick={() => setUnfolded((u) => !u)}
          >
            {set ? t("filters.toggleCount", { n: set }) : t("filters.toggle")}
          </Button>
        ) : null}
      </div>
      {folds ? (
        <Collapse isOpen={unfolded} className={styles.fold} keepChildrenMounted>
          <div className={styles.fields}>{fields}</div>
        </Collapse>
      ) : (
        fields
      )}
    </search>
  );
}

/** Bot Settings' neighbourhood list, with the options it reads loaded here. */
function AreaPicker({
  selected,
  onToggle,
  onClear,
}: {
  selected: number[];
  onToggle: (code: number) => void;
  onClear: () => void;
}) {
  const options = useNeighborhoods();
  return (
    <AreaMultiSelect
      options={options.data ?? []}
      selected={selected}
      onToggle={onToggle}
      onClear={onClear}
      loading={options.isPending}
    />
  );
}

function PriceSlider({
  value,
  onChange,
}: {
  value: [number, number] | null;
  onChange: (value: [number, number] | null) => void;
}) {
  const full: [number, number] = [PRICE_MIN, PRICE_MAX];
  // The handles move freely while dragged; the filter changes when one is let go.
  // A new value from the address (released, a chip removed, Back) ends any drag shown.
  const [dragging, setDragging] = useState<[number, number] | null>(null);
  const key = value ? value.join("-") : "";
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    setShownKey(key);
    setDragging(null);
  }
  const { t } = useTranslation("properties");
  const shown = dragging ?? value ?? full;
  const words = normalizePrice(shown);

  return (
    <div className={clsx(styles.field, styles.price)} data-testid="filter-field">
      <span className={styles.label}>
        {t("filters.price")}{" "}
        <span className={styles.priceNow} data-testid="price-now">
          {words ? priceRangeText(words) : t("filters.anyPrice")}
        </span>
      </span>
      <div className={styles.slider}>
        <RangeSlider
          min={PRICE_MIN}
          max={PRICE_MAX}
          stepSize={PRICE_STEP}
          labelStepSize={PRICE_MARK_STEP}
          labelRenderer={(n) => formatPrice(n)}
          value={shown}
          onChange={(next) => setDragging([next[0], next[1]])}
          onRelease={(next) => onChange(normalizePrice([next[0], next[1]]))}
          handleHtmlProps={{
            start: { "aria-label": t("filters.minPrice") },
            end: { "aria-label": t("filters.maxPrice") },
          }}
        />
      </div>
    </div>
  );
}
