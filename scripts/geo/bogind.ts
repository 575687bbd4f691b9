import { normalizeHebrew } from "@dirabot/geography";
import { BOGIND_TO_YAD2 } from "./aliases.ts";
import type { Sources } from "./sources.ts";
import { ownCode, parts, TEL_AVIV, tidy, type Unit, unit, yad2Only } from "./unit.ts";

/**
 * Every city but Tel Aviv from bogind; where Yad2's catalog has the city (Ramat Gan,
 * Givatayim, Beer Sheva), polygons are matched to its names: hand match, whole normalised
 * name, or one part of Yad2's comma list (lowest id if parts of two names fit).
 */
export function otherCities(s: Sources, units: Map<number, Unit>, unmatched: string[]): void {
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
