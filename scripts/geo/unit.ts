import type { MultiPolygonCoords } from "./simplify.ts";

/**
 * The neighbourhood table: one unit per product code, with the source polygons that make it.
 *
 * Codes:
 * - the Yad2 neighbourhood id where one is known (so Yad2's own ids and our filter agree);
 * - otherwise our own, derived only from the source's stable key so a re-run never renumbers:
 *   900,000,000 + CBS city code × 10,000 + key, where key is the Tel Aviv municipal code
 *   (ms_shchuna) for Tel Aviv and bogind's src_id elsewhere. Yad2 ids seen so far stay below
 *   21,000,000 and every code fits a protobuf int32.
 *
 * Sources: Tel Aviv-Yafo from the municipal layer 511 (authoritative); every other city from
 * bogind (origin and licence not stated; used where no municipal layer is at hand).
 *
 * Many polygons → one Yad2 id: the unit keeps them all (a MultiPolygon on the map).
 * One polygon → several Yad2 ids: the polygon goes to the id whose catalog entry names that
 * polygon (Tel Aviv's tlv_ms_shchuna), else to the id whose whole name equals the polygon's
 * name, else to the lowest id; the other ids stay as options matched by name only.
 */
export const OWN_CODE_BASE = 900_000_000;
export const TEL_AVIV = 5000;

export function ownCode(cityCode: number, key: number): number {
  if (cityCode >= 10_000 || key >= 10_000)
    throw new Error(`geo: no own code for city ${cityCode} key ${key}`);
  return OWN_CODE_BASE + cityCode * 10_000 + key;
}

export interface Unit {
  code: number;
  hood: string;
  cityCode: number;
  yad2: boolean;
  /** Other names the same place goes by; exact normalised matches only. */
  aliases: Set<string>;
  polygons: MultiPolygonCoords;
  /** 0 = municipal layer, 1 = bogind: decides a point lying in two overlapping polygons. */
  priority: number;
}

export function unit(code: number, hood: string, cityCode: number, yad2: boolean, priority: number): Unit {
  return { code, hood, cityCode, yad2, aliases: new Set(), polygons: [], priority };
}

/** "לבנה,ידידיה" → "לבנה, ידידיה". */
export const tidy = (name: string) => name.trim().replace(/\s*,\s*/g, ", ");

/** "הצפון הישן - צפון" and its parts: what Yad2's comma lists name. */
export const parts = (name: string) =>
  name
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** A Yad2 id no polygon was found for: an option all the same, matched by name only. */
export function yad2Only(h: { yad2_hood_id: number; name_he: string }, cityCode: number): Unit {
  return unit(h.yad2_hood_id, h.name_he, cityCode, true, 1);
}
