import { formatNumber, formatPrice } from "../../i18n/format.ts";
import type { QueryValue } from "../../lib/api.ts";
import { entryDayText, tp } from "./texts.ts";
import type { PropertyFilters, PropertySort } from "./types.ts";

// The browser's filters: their limits, which are set,
// the chips that show them, and the query GET /api/assets receives.

export const PRICE_MIN = 0;
export const PRICE_MAX = 20_000;
export const PRICE_STEP = 100;
export const PRICE_MARK_STEP = 5_000;
/** The min-rooms choices, shown '1+ rooms' … '5+ rooms' (filter options 1 to 5). */
export const ROOM_OPTIONS = [1, 2, 3, 4, 5] as const;
/** The gateway refuses longer search texts (400); the URL and the box keep to the same limit. */
export const SEARCH_MAX = 200;

export const NO_FILTERS: PropertyFilters = {
  searchText: "",
  minRooms: null,
  priceRange: null,
  merchant: null,
  neighborhoodCode: null,
  neighborhoodCodes: [],
  availableBy: null,
  nearKm: null,
};

/** The list's orders, the select's order; the first is the default. */
export const SORTS: readonly PropertySort[] = ["newest", "price_asc", "price_desc", "price_per_sqm"];
export const DEFAULT_SORT: PropertySort = "newest";
/** The area picker keeps to what the gateway accepts in one query. */
export const AREAS_MAX = 200;

export type FilterKey = keyof PropertyFilters;

/** The slider's full range filters nothing, so it is the same as no price filter. */
export function normalizePrice(range: readonly [number, number] | null): [number, number] | null {
  if (!range) return null;
  const [a, b] = range;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  const clamp = (n: number) => Math.min(PRICE_MAX, Math.max(PRICE_MIN, Math.round(n)));
  const min = clamp(Math.min(a, b));
  const max = clamp(Math.max(a, b));
  return min === PRICE_MIN && max === PRICE_MAX ? null : [min, max];
}

/** Which filters narrow the results; search text counts once it has more than spaces. */
export function activeKeys(f: PropertyFilters): FilterKey[] {
  const keys: FilterKey[] = [];
  if (f.searchText.trim()) keys.push("searchText");
  if (f.minRooms !== null) keys.push("minRooms");
  if (f.priceRange !== null) keys.push("priceRange");
  if (f.merchant !== null) keys.push("merchant");
  if (f.neighborhoodCode !== null) keys.push("neighborhoodCode");
  if (f.neighborhoodCodes.length) keys.push("neighborhoodCodes");
  if (f.availableBy !== null) keys.push("availableBy");
  if (f.nearKm !== null) keys.push("nearKm");
  return keys;
}

export const hasFilters = (f: PropertyFilters): boolean => activeKeys(f).length > 0;

export function withoutFilter(f: PropertyFilters, key: FilterKey): PropertyFilters {
  return { ...f, [key]: NO_FILTERS[key] };
}

export const sameFilters = (a: PropertyFilters, b: PropertyFilters): boolean =>
  a.searchText === b.searchText &&
  a.minRooms === b.minRooms &&
  a.merchant === b.merchant &&
  a.neighborhoodCode === b.neighborhoodCode &&
  a.availableBy === b.availableBy &&
  a.nearKm === b.nearKm &&
  a.neighborhoodCodes.join() === b.neighborhoodCodes.join() &&
  a.priceRange?.[0] === b.priceRange?.[0] &&
  a.priceRange?.[1] === b.priceRange?.[1];

export { formatPrice };

export const roomsChoiceText = (n: number): string => tp("filters.roomsChoice", { n: formatNumber(n) });

export const merchantText = (merchant: boolean): string =>
  merchant ? tp("card.merchant") : tp("card.private");

/** The price filter in words: '₪3,000 – ₪7,000', 'Up to ₪7,000', 'From ₪3,000'. */
export function priceRangeText([min, max]: readonly [number, number]): string {
  if (min <= PRICE_MIN) return tp("filters.upTo", { max: formatPrice(max) });
  if (max >= PRICE_MAX) return tp("filters.from", { min: formatPrice(min) });
  return tp("filters.between", { min: formatPrice(min), max: formatPrice(max) });
}

export interface Chip {
  key: FilterKey;
  label: string;
}

/** Filters the bar shows itself (the area picker's tags, the near switch), with no chip of their own. */
const NO_CHIP: FilterKey[] = ["neighborhoodCodes", "nearKm"];

/**
 * One chip per active filter, in the filter bar's order. `areaName` names the neighbourhood code
 * when it is known (the options load separately); until then the chip says 'Area {code}'.
 */
export function chipsOf(f: PropertyFilters, areaName?: string | null): Chip[] {
  const labels: Record<FilterKey, () => string> = {
    searchText: () => tp("filters.searchChip", { text: f.searchText.trim() }),
    minRooms: () => roomsChoiceText(f.minRooms ?? 0),
    priceRange: () => priceRangeText(f.priceRange ?? [PRICE_MIN, PRICE_MAX]),
    merchant: () => merchantText(f.merchant === true),
    neighborhoodCode: () => areaName || tp("filters.area", { code: f.neighborhoodCode }),
    neighborhoodCodes: () => "",
    nearKm: () => "",
    availableBy: () => tp("filters.availableByChip", { date: entryDayText(f.availableBy ?? "") }),
  };
  return activeKeys(f)
    .filter((key) => !NO_CHIP.includes(key))
    .map((key) => ({ key, label: labels[key]() }));
}

/**
 * GET /api/assets's query for a list page: merchant left out when null, price as JSON, the default
 * order left out. nearKm goes as it is: the gateway knows the reader's places.
 */
export function listQuery(
  f: PropertyFilters,
  page: number,
  limit: number,
  sort: PropertySort = DEFAULT_SORT,
): Record<string, QueryValue> {
  const text = f.searchText.trim().slice(0, SEARCH_MAX);
  return {
    page,
    limit,
    searchText: text || undefined,
    minRooms: f.minRooms ?? undefined,
    priceRange: f.priceRange ? JSON.stringify(f.priceRange) : undefined,
    merchant: f.merchant ?? undefined,
    neighborhoodCode: f.neighborhoodCode ?? undefined,
    neighborhoodCodes: f.neighborhoodCodes.length
      ? f.neighborhoodCodes.slice(0, AREAS_MAX).join(",")
      : undefined,
    availableBy: f.availableBy ?? undefined,
    nearKm: f.nearKm ?? undefined,
    sort: sort === DEFAULT_SORT ? undefined : sort,
  };
}
