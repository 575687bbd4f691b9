import { estimateMinutes, haversineKm } from "@dirabot/geography/distance";
import { formatNumber } from "../i18n/format.ts";
import { currentLang, i18n, type Lang } from "../i18n/index.ts";

// Places that matter and how far a flat is from them. The shapes are the API contract's
// (docs/PRODUCT.md, "Places and distance"): a user's places, a bot's `near`, an asset's `distances`. Straight-line
// kilometres come from the server; where an answer has none (an older cached one, a chat card
// from before the user saved the place) they are worked out here from the flat's point. Minutes
// are the router's when it gave them, else an estimate, always said with "about".

export interface SavedPlace {
  /** Missing on a place added in the editor and not yet saved: the server gives it one. */
  id?: string;
  name: string;
  lat: number;
  lon: number;
}
export type TravelMode = "walking" | "cycling" | "driving";
/**
 * A bot's condition: within `km` straight-line kilometres of the place, or (where a router is
 * configured) within `minutes` by `mode`; the screens edit the first and keep the second.
 */
export interface NearPlace {
  placeId: string;
  km?: number | null;
  minutes?: number | null;
  mode?: TravelMode | null;
}
export interface PlaceDistance {
  placeId: string;
  km: number;
  /** The router's; null without one ("mode" then says "estimate"). */
  minutes: number | null;
  mode: TravelMode | string | null;
  /** The server's estimate, minutes on foot and by bicycle. */
  estimate?: { walking: number; cycling: number } | null;
}

export const PLACES_MAX = 5;
export const NEAR_KM_MIN = 1;
export const NEAR_KM_MAX = 30;
export const NEAR_KM_DEFAULT = 3;

/** Up to this far the estimate walks; further it rides a bicycle. */
const WALK_KM = 1;

/** Straight-line kilometres between two points (haversine, as the server measures). */
export const kmBetween = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number =>
  haversineKm(a.lat, a.lon, b.lat, b.lon);

/** The estimate for a straight-line distance, at the server's speeds: walking when close, cycling beyond. */
export function estimate(km: number): { minutes: number; mode: "walking" | "cycling" } {
  const mode = km <= WALK_KM ? "walking" : "cycling";
  return { mode, minutes: estimateMinutes(km, mode) };
}

interface Located {
  coordinates?: { coordinates: [number, number] } | null;
  distances?: PlaceDistance[] | null;
}

/**
 * A flat's distance from each saved place, nearest first: the server's where it sent them, else
 * straight-line from the flat's point. A place the flat has no distance to is left out.
 */
export function distancesOf(asset: Located, places: readonly SavedPlace[]): PlaceDistance[] {
  const saved = places.filter((p): p is SavedPlace & { id: string } => Boolean(p.id));
  if (!saved.length) return [];
  const sent = new Map((asset.distances ?? []).map((d) => [d.placeId, d]));
  const point = asset.coordinates?.coordinates;
  const out: PlaceDistance[] = [];
  for (const place of saved) {
    const known = sent.get(place.id);
    if (known) out.push(known);
    else if (point) {
      const km = kmBetween(place, { lon: point[0], lat: point[1] });
      out.push({ placeId: place.id, km, minutes: null, mode: null });
    }
  }
  return out.sort((a, b) => a.km - b.km);
}

/** Left-to-right isolates a number inside Hebrew text, as prices are. */
const ltr = (text: string) => `\u2066${text}\u2069`;
const HEBREW = /^[\u0590-\u05ff]/;

/**
 * A Hebrew one-letter preposition on a name the user wrote: joined to a Hebrew name ("מעבודה"),
 * with a maqaf before any other ("מ־Office"), the name isolated either way.
 */
export function hebrewPrefixed(letter: string, name: string): string {
  const isolated = `\u2068${name.trim()}\u2069`;
  return HEBREW.test(name.trim()) ? `${letter}${isolated}` : `${letter}־${isolated}`;
}

/** "from Work" / "מעבודה". */
function fromPlace(name: string, lang: Lang): string {
  if (lang === "he") return hebrewPrefixed("מ", name);
  return i18n.t("common:places.from", { name: `\u2068${name.trim()}\u2069` });
}

const kmText = (km: number, lang: Lang) =>
  ltr(formatNumber(Math.round(km * 10) / 10 < 10 ? Math.round(km * 10) / 10 : Math.round(km), lang));

/** "2.1 km from Work" / "2.1 ק״מ מעבודה". */
export function distanceText(km: number, placeName: string, lang: Lang = currentLang()): string {
  return i18n.t("common:places.kmFrom", { km: kmText(km, lang), from: fromPlace(placeName, lang) });
}

/** "9 min by bicycle" from the router, or "about 9 min by bicycle" from the estimate. */
export function minutesText(d: PlaceDistance, lang: Lang = currentLang()): string {
  const routed = d.minutes !== null && Number.isFinite(d.minutes);
  const guess = estimate(d.km);
  const { minutes, mode } = routed
    ? { minutes: Math.round(d.minutes ?? 0), mode: d.mode }
    : { minutes: d.estimate?.[guess.mode] ?? guess.minutes, mode: guess.mode };
  const how = mode === "walking" || mode === "driving" || mode === "cycling" ? mode : "cycling";
  return i18n.t(routed ? `common:places.${how}` : `common:places.about.${how}`, {
    minutes: ltr(formatNumber(minutes, lang)),
  });
}

/** A bot's condition: "Within 3 km of Work" / "עד 3 ק״מ מעבודה"; without km "Near Work" / "ליד עבודה". */
export function nearText(placeName: string, km: number | null, lang: Lang = currentLang()): string {
  const name = `\u2068${placeName.trim()}\u2069`;
  if (km === null) return i18n.t("common:places.near", { name });
  const of = lang === "he" ? hebrewPrefixed("מ", placeName) : name;
  return i18n.t("common:places.within", { km: ltr(formatNumber(km, lang)), of });
}

/** A user's saved places ([] for none or an answer from before places). */
export function placesOf(user: object | null | undefined): SavedPlace[] {
  const places = user && "places" in user ? user.places : undefined;
  return Array.isArray(places) ? (places as SavedPlace[]) : [];
}
