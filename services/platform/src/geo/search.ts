import { cityNameRecords, neighborhoodRecords } from "./data.ts";
import { hasHebrew, placeKey } from "./places.ts";
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
