import { currentLang, type Lang } from "../../i18n/index.ts";
import { placeLabel } from "../places.ts";
// The area picker's look: two colours (selected #FF5A5F, unselected #00A699), labels only from
// zoom 13, their size stepping up at 13 and 15, and areas without a code drawn as unsupported.

export const MAP_CENTER = { lat: 32.0853, lon: 34.7818 } as const;
export const MAP_ZOOM = 13;
export const LABEL_MIN_ZOOM = 13;
export const LABEL_LARGE_ZOOM = 15;

export const SELECTED = "#FF5A5F";
export const UNSELECTED = "#00A699";
export const UNSUPPORTED = "#8F99A8";

export type AreaState = "selected" | "unselected" | "unsupported";

/** The permanent label's font size in px at a zoom level, or null when labels are hidden. */
export function labelSize(zoom: number): number | null {
  if (zoom < LABEL_MIN_ZOOM) return null;
  return zoom < LABEL_LARGE_ZOOM ? 11 : 13;
}

/** Outline and fill (with alpha) of an area in a state; selected areas are drawn a little stronger. */
export function areaColours(state: AreaState): { stroke: string; fill: string; width: number } {
  if (state === "selected") return { stroke: SELECTED, fill: withAlpha(SELECTED, 0.45), width: 2.5 };
  if (state === "unselected") return { stroke: UNSELECTED, fill: withAlpha(UNSELECTED, 0.16), width: 1.25 };
  return { stroke: UNSUPPORTED, fill: withAlpha(UNSUPPORTED, 0.1), width: 1 };
}

/** '#RRGGBB' plus an alpha as an rgba() string. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** A boundary feature's code: hoodCode is a string, empty for areas the product does not cover. */
export function codeOf(hoodCode: unknown): number | null {
  if (typeof hoodCode !== "string" || !/^\d+$/.test(hoodCode)) return null;
  return Number(hoodCode);
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * What the tooltip and the label say for a boundary feature, in the reader's language (the
 * English names `npm run geo` writes beside the Hebrew); a list of places joined by ", ".
 */
export function areaTitle(
  properties: { hoodName?: unknown; name?: unknown; hoodNameEn?: unknown; nameEn?: unknown },
  supported: boolean,
  lang: Lang = currentLang(),
): string {
  const en = lang === "en";
  const hood = (en && text(properties.hoodNameEn)) || text(properties.hoodName);
  const name = (en && text(properties.nameEn)) || text(properties.name);
  const title = placeLabel(hood || name);
  return supported ? title : `${title} (not supported yet)`;
}
