import { NEAR_KM_CHOICES } from "@dirabot/api/constants.ts";
import {
  AREAS_MAX,
  DEFAULT_SORT,
  normalizePrice,
  PRICE_MAX,
  PRICE_MIN,
  ROOM_OPTIONS,
  SEARCH_MAX,
  SORTS,
} from "./filters.ts";
import type { MapPosition, PropertiesView, PropertyFilters, PropertySort } from "./types.ts";

// The browser's state in the address bar, so a search can be shared, survives a reload and Back.
// Reading never throws: a value that is malformed or out of range is ignored, as if
// it were not there. Writing leaves defaults out, so a plain /properties stays plain.
//
//   ?searchText=florentin&minRooms=3&priceRange=3000-7000&merchant=false&neighborhoodCode=205
//   &view=map&page=2&lat=32.0853&lon=34.7818&zoom=14&story=<asset id>
//   &neighborhoodCodes=205,206&availableBy=2027-01-31&sort=price_asc&nearKm=3

export interface BrowserState {
  filters: PropertyFilters;
  view: PropertiesView;
  /** 1-based list page. */
  page: number;
  position: MapPosition;
  /** The asset whose story drawer is open. */
  story: string | null;
  /** The list's order. */
  sort: PropertySort;
}

/** The properties map opens on Tel Aviv at zoom 14. */
export const DEFAULT_POSITION: MapPosition = { lat: 32.0853, lon: 34.7818, zoom: 14 };
const MAX_PAGE = 1_000_000;
const MAX_ZOOM = 22;

const INTEGER = /^-?\d{1,10}$/;
const DECIMAL = /^-?\d{1,3}(\.\d{1,12})?$/;
const STORY_ID = /^[\w-]{1,100}$/;

function integer(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !INTEGER.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

function decimal(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !DECIMAL.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

/** '3000-7000': whole shekels on the slider, min not above max; the full range means no filter. */
function priceRange(raw: string | null): [number, number] | null {
  const m = raw?.match(/^(\d{1,6})-(\d{1,6})$/);
  if (!m) return null;
  const min = Number(m[1]);
  const max = Number(m[2]);
  if (min > max || min < PRICE_MIN || max > PRICE_MAX) return null;
  return normalizePrice([min, max]);
}

/** '205,206': the area picker's neighbourhoods, each once, at most AREAS_MAX. */
function areas(raw: string | null): number[] {
  if (!raw) return [];
  const codes = raw.split(",").map((part) => integer(part, 0, 2_147_483_647));
  return codes.some((c) => c === null) ? [] : [...new Set(codes as number[])].slice(0, AREAS_MAX);
}

/** A day of the calendar as YYYY-MM-DD (the date field's value), else null. */
function day(raw: string | null): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const d = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : null;
}

/** One of the ring sizes the screens offer (km), else null. */
function nearKm(raw: string | null): number | null {
  return NEAR_KM_CHOICES.find((n) => String(n) === raw) ?? null;
}

function sortOf(raw: string | null): PropertySort {
  return SORTS.find((s) => s === raw) ?? DEFAULT_SORT;
}

function merchant(raw: string | null): boolean | null {
  return raw === "true" ? true : raw === "false" ? false : null;
}

function position(params: URLSearchParams): MapPosition {
  const lat = decimal(params.get("lat"), -90, 90);
  const lon = decimal(params.get("lon"), -180, 180);
  const zoom = decimal(params.get("zoom"), 0, MAX_ZOOM);
  // A centre is a pair: half of one is no centre.
  const centre = lat !== null && lon !== null ? { lat, lon } : DEFAULT_POSITION;
  return { lat: centre.lat, lon: centre.lon, zoom: zoom ?? DEFAULT_POSITION.zoom };
}

export function readState(params: URLSearchParams): BrowserState {
  const rooms = integer(params.get("minRooms"), 1, ROOM_OPTIONS.length);
  const story = params.get("story");
  return {
    filters: {
      searchText: (params.get("searchText") ?? "").slice(0, SEARCH_MAX),
      minRooms: rooms,
      priceRange: priceRange(params.get("priceRange")),
      merchant: merchant(params.get("merchant")),
      neighborhoodCode: integer(params.get("neighborhoodCode"), 0, 2_147_483_647),
      neighborhoodCodes: areas(params.get("neighborhoodCodes")),
      availableBy: day(params.get("availableBy")),
      nearKm: nearKm(params.get("nearKm")),
    },
    view: params.get("view") === "map" ? "map" : "list",
    page: integer(params.get("page"), 1, MAX_PAGE) ?? 1,
    position: position(params),
    story: story !== null && STORY_ID.test(story) ? story : null,
    sort: sortOf(params.get("sort")),
  };
}

/** Rounded so panning does not write 15-digit numbers: 5 decimals is about a metre. */
const coordinate = (n: number) => String(Math.round(n * 1e5) / 1e5);
const zoomText = (n: number) => String(Math.round(n * 100) / 100);

export function writeState(state: BrowserState): URLSearchParams {
  const params = new URLSearchParams();
  const { filters: f, position: p } = state;
  if (state.view === "map") params.set("view", "map");
  if (f.searchText) params.set("searchText", f.searchText.slice(0, SEARCH_MAX));
  if (f.minRooms !== null) params.set("minRooms", String(f.minRooms));
  const price = normalizePrice(f.priceRange);
  if (price) params.set("priceRange", `${price[0]}-${price[1]}`);
  if (f.merchant !== null) params.set("merchant", String(f.merchant));
  if (f.neighborhoodCode !== null) params.set("neighborhoodCode", String(f.neighborhoodCode));
  if (f.neighborhoodCodes.length)
    params.set("neighborhoodCodes", f.neighborhoodCodes.slice(0, AREAS_MAX).join(","));
  if (f.availableBy !== null) params.set("availableBy", f.availableBy);
  if (f.nearKm !== null) params.set("nearKm", String(f.nearKm));
  if (state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  const moved =
    coordinate(p.lat) !== coordinate(DEFAULT_POSITION.lat) ||
    coordinate(p.lon) !== coordinate(DEFAULT_POSITION.lon);
  if (moved) {
    params.set("lat", coordinate(p.lat));
    params.set("lon", coordinate(p.lon));
  }
  if (zoomText(p.zoom) !== zoomText(DEFAULT_POSITION.zoom)) params.set("zoom", zoomText(p.zoom));
  if (state.story) params.set("story", state.story);
  return params;
}

/**
 * Whether a filter change gets its own history entry. Typing refines one search, so its later
 * steps replace the entry the first step made: Back then undoes the whole search at once, not a
 * letter at a time. Any other change is a step of its own.
 */
export function filterHistory(prev: PropertyFilters, next: PropertyFilters): "push" | "replace" {
  const onlyText =
    prev.minRooms === next.minRooms &&
    prev.merchant === next.merchant &&
    prev.neighborhoodCode === next.neighborhoodCode &&
    prev.availableBy === next.availableBy &&
    prev.nearKm === next.nearKm &&
    prev.neighborhoodCodes.join() === next.neighborhoodCodes.join() &&
    prev.priceRange?.[0] === next.priceRange?.[0] &&
    prev.priceRange?.[1] === next.priceRange?.[1];
  return onlyText && prev.searchText !== "" ? "replace" : "push";
}
