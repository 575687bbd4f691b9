import { cityByName } from "./cities.ts";
import { cityNameRecords, cityRecords, neighborhoodRecords, polygonRecords } from "./data.ts";
import { hasHebrew, placeKey } from "./places.ts";
import { neighborhoodByName } from "./table.ts";
import { transliterate, withoutArticle } from "./transliterate.ts";

/**
 * A Latin search text that names a place → the Hebrew names of that place, so a text search over
 * Hebrew listings finds what the Hebrew name finds ("florentin" → פלורנטין, "Tel Aviv" → תל אביב,
 * תל אביב יפו). A Hebrew name answers the key its own transliteration gives; an English name
 * (reviewed, the Ministry's) answers with its place's name. Skeletons of different names can
 * meet (Talbiya and Tel Aviv are both "tlv"): when an English name answers, only its places do.
 */
interface Entry {
  place: string;
  name: string;
  english: boolean;
}
let index: Map<string, Entry[]> | undefined;

const parts = (name: string) =>
  name
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter(Boolean);

function build(): Map<string, Entry[]> {
  const m = new Map<string, Entry[]>();
  const add = (key: string, e: Entry) => {
    if (!key) return;
    const list = m.get(key) ?? [];
    if (!list.some((x) => x.place === e.place && x.name === e.name)) list.push(e);
    m.set(key, list);
  };
  const place = (id: string, hebrew: string[], keys: string[]) => {
    for (const h of hebrew)
      for (const n of [h, withoutArticle(h)])
        if (n) add(placeKey(transliterate(n)), { place: id, name: h, english: false });
    // An English name stands for the whole place: its name, and each part of a list name.
    const main = hebrew[0] as string;
    for (const k of keys)
      for (const name of new Set([main, ...parts(main)])) add(k, { place: id, name, english: true });
  };
  for (const c of cityNameRecords())
    place(`city-${c.cityCode}`, [c.name, ...(c.aliases ?? []).filter(hasHebrew)], c.keys);
  for (const r of neighborhoodRecords())
    place(`hood-${r.code}`, [r.hood, ...parts(r.hood), ...(r.aliases ?? [])], r.keys);
  return m;
}

/** The Hebrew names a Latin text names exactly (after placeKey); none for Hebrew or other text. */
export function hebrewNamesOf(text: string): string[] {
  if (hasHebrew(text)) return [];
  const key = placeKey(text);
  if (key.length < 2) return [];
  index ??= build();
  const found = index.get(key) ?? [];
  const english = new Set(found.filter((e) => e.english).map((e) => e.place));
  const chosen = english.size ? found.filter((e) => english.has(e.place)) : found;
  return [...new Set(chosen.map((e) => e.name))].sort();
}

/** A place the map can go to: the middle of its outline, and its name in the query's script. */
export interface FoundPlace {
  lat: number;
  lon: number;
  displayName: string;
}

function middle(coordinates: [number, number][][][]): { lat: number; lon: number } {
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const poly of coordinates)
    for (const [x, y] of poly[0] ?? []) {
      w = Math.min(w, x);
      e = Math.max(e, x);
      s = Math.min(s, y);
      n = Math.max(n, y);
    }
  return { lat: Math.round(((s + n) / 2) * 1e5) / 1e5, lon: Math.round(((w + e) / 2) * 1e5) / 1e5 };
}

/**
 * The one city or neighbourhood a text names (Hebrew, English or a Latin spelling of the
 * Hebrew), with where it lies: the map's place search answers these itself, in both languages,
 * where a geocoder knows only some English spellings. Undefined when no place, or several.
 */
export function findPlace(text: string): FoundPlace | undefined {
  const q = text.trim();
  if (!q) return undefined;
  const latin = !hasHebrew(q);
  let place: string | undefined;
  if (latin) {
    const key = placeKey(q);
    if (key.length < 2) return undefined;
    index ??= build();
    const found = index.get(key) ?? [];
    const english = new Set(found.filter((e) => e.english).map((e) => e.place));
    const places = english.size ? english : new Set(found.map((e) => e.place));
    if (places.size !== 1) return undefined;
    place = [...places][0];
  } else {
    const city = cityByName(q);
    const hood = city ? undefined : neighborhoodByName(q);
    place = city ? `city-${city.cityCode}` : hood ? `hood-${hood.code}` : undefined;
  }
  if (!place) return undefined;
  const [kind, id] = place.split("-") as [string, string];
  const code = Number(id);
  if (kind === "city") {
    const c = cityNameRecords().find((r) => r.cityCode === code);
    const outline = cityRecords().find((r) => r.cityCode === code);
    if (!c || !outline) return undefined;
    return { ...middle(outline.coordinates), displayName: latin ? c.nameEn : c.name };
  }
  const h = neighborhoodRecords().find((r) => r.code === code);
  const outline = polygonRecords().filter((r) => r.code === code);
  if (!h || !outline.length) return undefined;
  const city = cityNameRecords().find((r) => r.cityCode === h.cityCode);
  const coords = outline.flatMap((r) => r.coordinates);
  const hoodName = (latin ? h.hoodEn : h.hood).replace(/\s*;\s*/g, ", ");
  const cityName = latin ? (city?.nameEn ?? h.city) : h.city;
  return { ...middle(coords), displayName: `${hoodName}, ${cityName}` };
}
