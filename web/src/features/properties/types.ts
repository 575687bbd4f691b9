// The property browser's shapes: the API contract's (@dirabot/api), under the names the screens use.
// Nullable fields are null when the source did not give them.
export type {
  AssetPage,
  AssetSource,
  AssetStory,
  Cluster as MapCluster,
  PriceSignal,
  Property as PropertyAsset,
} from "@dirabot/api";

/** The browser's filters: what the URL, the filter bar, the chips and the query share. */
export interface PropertyFilters {
  searchText: string;
  /** 1–5, or null for any. */
  minRooms: number | null;
  /** [min, max] in ₪ on the 0–20,000 slider; null when untouched (no price filter). */
  priceRange: [number, number] | null;
  /** true merchants, false private, null all. */
  merchant: boolean | null;
  neighborhoodCode: number | null;
  /** The list's area picker: any of these neighbourhoods; empty for any. */
  neighborhoodCodes: number[];
  /** "YYYY-MM-DD": flats whose entry date is known and not later, or immediate; null for any. */
  availableBy: string | null;
  /** "Near my places": within this many km of any of the reader's places; null for anywhere. */
  nearKm: number | null;
}

/** The list's order (GET /api/assets?sort=); newest is the default. */
export type PropertySort = "newest" | "price_asc" | "price_desc" | "price_per_sqm";

export type PropertiesView = "list" | "map";

/** The map's position in the URL: centre and zoom. */
export interface MapPosition {
  lat: number;
  lon: number;
  zoom: number;
}
