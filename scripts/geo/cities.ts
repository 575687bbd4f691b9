import { normalizeHebrew } from "@dirabot/geography";
import { CITY_ALIASES } from "./aliases.ts";
import type { Sources } from "./sources.ts";

/**
 * A city's name as the options show it: " - " separates the category from the name in the
 * options, so it never appears inside a city name ("תל אביב - יפו" → "תל אביב יפו"); a
 * truncated parenthesis in the source is dropped.
 */
export function cityLabel(name: string): string {
  return name
    .replace(/\s*\([^)]*$/, "")
    .replace(/\s*-\s*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** CBS code → display name: the Ministry of Interior's (current, e.g. נוף הגליל), else bogind's. */
export function cityNames(s: Sources): Map<number, string> {
  const names = new Map<number, string>();
  for (const f of s.bogind) names.set(f.properties.city_semel_yeshuv, cityLabel(f.properties.city_he));
  for (const f of s.cities) names.set(f.properties.semel_yeshuv, cityLabel(f.properties.Muni_Heb));
  return names;
}

/**
 * Every city with the other names it goes by (the sources' raw Hebrew and English names and
 * CITY_ALIASES), for cityByName. An alias two cities share is dropped: never a guess.
 */
export function cityNameRecords(s: Sources, names: Map<number, string>) {
  const aliases = new Map<number, Set<string>>();
  const add = (code: number, a: string) => {
    if (a.trim()) aliases.set(code, (aliases.get(code) ?? new Set()).add(a.trim()));
  };
  for (const f of s.cities) {
    add(f.properties.semel_yeshuv, f.properties.Muni_Heb);
    add(f.properties.semel_yeshuv, f.properties.Muni_Eng);
  }
  for (const f of s.bogind) {
    add(f.properties.city_semel_yeshuv, f.properties.city_he);
    add(f.properties.city_semel_yeshuv, f.properties.city_en ?? "");
  }
  for (const [code, list] of Object.entries(CITY_ALIASES)) for (const a of list) add(Number(code), a);
  const owners = new Map<string, Set<number>>();
  for (const [code, name] of names) {
    for (const a of [name, ...(aliases.get(code) ?? [])]) {
      const k = normalizeHebrew(a);
      owners.set(k, (owners.get(k) ?? new Set()).add(code));
    }
  }
  return [...names]
    .sort((a, b) => a[0] - b[0])
    .map(([cityCode, name]) => {
      const seen = new Set([normalizeHebrew(name)]);
      const list = [...(aliases.get(cityCode) ?? [])].sort().filter((a) => {
        const k = normalizeHebrew(a);
        const keep = !seen.has(k) && owners.get(k)?.size === 1;
        seen.add(k);
        return keep;
      });
      return { cityCode, name, ...(list.length ? { aliases: list } : {}) };
    });
}
