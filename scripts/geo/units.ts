import { normalizeHebrew } from "../../services/platform/src/geo/normalize.ts";
import { BOGIND_TO_YAD2, TLV_YAD2_NAMES } from "./aliases.ts";
import type { MultiPolygonCoords } from "./simplify.ts";
import type { Sources } from "./sources.ts";

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

function unit(code: number, hood: string, cityCode: number, yad2: boolean, priority: number): Unit {
  return { code, hood, cityCode, yad2, aliases: new Set(), polygons: [], priority };
}

/** "לבנה,ידידיה" → "לבנה, ידידיה". */
const tidy = (name: string) => name.trim().replace(/\s*,\s*/g, ", ");

/** "הצפון הישן - צפון" and its parts: what Yad2's comma lists name. */
const parts = (name: string) =>
  name
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

function telAviv(s: Sources, units: Map<number, Unit>): void {
  const catalog = s.catalog.cities.find((c) => c.yad2_city_id === TEL_AVIV);
  const yad2 = new Map((catalog?.hoods ?? []).map((h) => [h.yad2_hood_id, h]));
  const extra = new Map<number, string[]>();
  for (const [name, ms] of Object.entries(TLV_YAD2_NAMES)) extra.set(ms, [...(extra.get(ms) ?? []), name]);
  // A name the catalog adds later must be placed by hand, not silently left unmatched.
  for (const n of s.catalog.meta.tlv_yad2_names_without_known_id) {
    const name = n.replace(/\s*\(.*\)\s*$/, "");
    if (!(name in TLV_YAD2_NAMES))
      throw new Error(`geo: Yad2 name "${name}" has no Tel Aviv polygon in aliases.ts`);
  }
  for (const f of [...s.tlv].sort((a, b) => a.properties.ms_shchuna - b.properties.ms_shchuna)) {
    const ms = f.properties.ms_shchuna;
    const label = tidy(s.tlvLabels.get(ms) ?? f.properties.shem_shchuna);
    const ids = [...f.properties.yad2_hood_ids].sort((a, b) => a - b);
    const pick = ids.find((id) => yad2.get(id)?.tlv_ms_shchuna === ms) ?? ids[0];
    let u: Unit;
    if (pick === undefined) {
      u = unit(ownCode(TEL_AVIV, ms), label, TEL_AVIV, false, 0);
    } else {
      const name = yad2.get(pick)?.name_he ?? f.properties.yad2_hood_names[ids.indexOf(pick)] ?? label;
      u = units.get(pick) ?? unit(pick, name, TEL_AVIV, true, 0);
      u.aliases.add(label);
    }
    for (const n of extra.get(ms) ?? []) u.aliases.add(n);
    u.polygons.push(f.geometry.coordinates);
    units.set(u.code, u);
  }
  // Yad2 ids with no municipal polygon (e.g. אזורי חן) are still options, found by name.
  for (const h of yad2.values())
    if (!units.has(h.yad2_hood_id)) units.set(h.yad2_hood_id, yad2Only(h, TEL_AVIV));
}

function yad2Only(h: { yad2_hood_id: number; name_he: string }, cityCode: number): Unit {
  return unit(h.yad2_hood_id, h.name_he, cityCode, true, 1);
}

function otherCities(s: Sources, units: Map<number, Unit>, unmatched: string[]): void {
  const byCity = new Map<number, Sources["bogind"]>();
  for (const f of s.bogind) {
    const c = f.properties.city_semel_yeshuv;
    if (c !== TEL_AVIV) byCity.set(c, [...(byCity.get(c) ?? []), f]);
  }
  for (const [cityCode, features] of [...byCity].sort((a, b) => a[0] - b[0])) {
    const hoods = s.catalog.cities.find((c) => c.yad2_city_id === cityCode)?.hoods ?? [];
    const hand = BOGIND_TO_YAD2[cityCode] ?? {};
    const unused = new Set(Object.keys(hand));
    const whole = new Map(hoods.map((h) => [normalizeHebrew(h.name_he), h.yad2_hood_id]));
    const byPart = (n: string) =>
      hoods
        .filter((h) => parts(h.name_he).some((p) => normalizeHebrew(p) === n))
        .map((h) => h.yad2_hood_id)
        .sort((a, b) => a - b)[0];
    // Same-named polygons of a city are one place: the lowest src_id keys the own code.
    const sorted = [...features].sort((a, b) => a.properties.src_id - b.properties.src_id);
    const own = new Map<string, Unit>();
    for (const f of sorted) {
      const name = tidy(f.properties.neighborhood_he);
      const n = normalizeHebrew(name);
      unused.delete(name);
      const id = hand[name] ?? whole.get(n) ?? byPart(n);
      let u: Unit;
      if (id !== undefined) {
        const h = hoods.find((x) => x.yad2_hood_id === id);
        if (!h) throw new Error(`geo: hand match ${name} → ${id}: no such Yad2 id in city ${cityCode}`);
        u = units.get(id) ?? unit(id, h.name_he, cityCode, true, 1);
        u.aliases.add(name);
      } else {
        u = own.get(n) ?? unit(ownCode(cityCode, f.properties.src_id), name, cityCode, false, 1);
        own.set(n, u);
        if (hoods.length) unmatched.push(`${cityCode} ${name}`);
      }
      u.polygons.push(...f.geometry.coordinates);
      units.set(u.code, u);
    }
    if (unused.size)
      throw new Error(`geo: aliases.ts names no polygon of city ${cityCode}: ${[...unused].join(", ")}`);
    for (const h of hoods) if (!units.has(h.yad2_hood_id)) units.set(h.yad2_hood_id, yad2Only(h, cityCode));
  }
}

/** Aliases that add nothing (equal to the name) or could mean two places of a city are dropped. */
function pruneAliases(units: Unit[]): void {
  const owners = new Map<string, Set<number>>();
  const claim = (u: Unit, name: string) => {
    const k = `${u.cityCode}|${normalizeHebrew(name)}`;
    owners.set(k, (owners.get(k) ?? new Set()).add(u.code));
  };
  for (const u of units) {
    claim(u, u.hood);
    for (const name of [u.hood, ...u.aliases]) for (const p of parts(name)) u.aliases.add(p);
    for (const a of u.aliases) claim(u, a);
  }
  for (const u of units) {
    const seen = new Set([normalizeHebrew(u.hood)]);
    for (const a of [...u.aliases].sort()) {
      const n = normalizeHebrew(a);
      if (seen.has(n) || (owners.get(`${u.cityCode}|${n}`)?.size ?? 0) > 1) u.aliases.delete(a);
      seen.add(n);
    }
  }
  const names = new Map<string, number>();
  for (const u of units) {
    const k = `${u.cityCode}|${normalizeHebrew(u.hood)}`;
    const other = names.get(k);
    if (other !== undefined) throw new Error(`geo: codes ${other} and ${u.code} share the name ${u.hood}`);
    names.set(k, u.code);
  }
}

export function deriveUnits(s: Sources): { units: Unit[]; unmatched: string[] } {
  const units = new Map<number, Unit>();
  const unmatched: string[] = [];
  telAviv(s, units);
  otherCities(s, units, unmatched);
  const list = [...units.values()].sort((a, b) => a.code - b.code);
  pruneAliases(list);
  return { units: list, unmatched };
}
