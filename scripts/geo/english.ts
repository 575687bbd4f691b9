import * as fs from "node:fs";
import * as path from "node:path";
import { placeKey, transliterate, withoutArticle } from "@dirabot/geography";
import type { Sources } from "./sources.ts";

/**
 * English names and Latin search keys of the places. Cities: the reviewed names of
 * aliases/cities.json, else the Ministry's Muni_Eng (its parenthesised exonym shown: "Tverya
 * (Tiberias)" → Tiberias), else bogind's city_en, else a transliteration. Neighbourhoods: the
 * reviewed aliases/<city>.json (first name shown, the rest searched), else a transliteration.
 * Keys: placeKey of every English name and of the transliteration of every Hebrew one (each
 * part of a comma or ";" list, and without the article), so any usual spelling finds the place.
 */
const ALIASES_DIR = path.join(import.meta.dirname, "aliases");

interface CityAliases {
  cityCode: number;
  hoods: Record<string, string[]>;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(ALIASES_DIR, file), "utf8")) as T;
}

/** CBS code → the reviewed English names of a city, first one shown. */
export const CITY_ENGLISH: Record<string, string[]> = readJson("cities.json");

/** CBS code → Hebrew hood name (as in the table) → reviewed English names, first one shown. */
export function hoodAliases(): Map<number, Map<string, string[]>> {
  const out = new Map<number, Map<string, string[]>>();
  for (const file of fs.readdirSync(ALIASES_DIR).sort()) {
    if (!file.endsWith(".json") || file === "cities.json") continue;
    const a = readJson<CityAliases>(file);
    out.set(a.cityCode, new Map(Object.entries(a.hoods)));
  }
  return out;
}

/** A name's list parts: "נווה גן;קרית שאול" and "שיכון דן, נווה דן" name two places each. */
const listParts = (name: string) =>
  name
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Keys of Hebrew names: their transliterations, whole and by part, with and without the article. */
export function hebrewKeys(names: string[]): string[] {
  const out: string[] = [];
  for (const name of names)
    for (const n of [name, ...listParts(name)]) {
      out.push(placeKey(transliterate(n)));
      const bare = withoutArticle(n);
      if (bare) out.push(placeKey(transliterate(bare)));
    }
  return out;
}

/** Keys of English names: whole, by part, and without a glued article ("HaTikva" → "Tikva"). */
export function englishKeys(names: string[]): string[] {
  const out: string[] = [];
  for (const name of names)
    for (const n of [name, ...listParts(name)]) {
      out.push(placeKey(n));
      const bare = n.replace(/\bha(?=[A-Z])|\bHa(?=[a-z]{3})/g, "");
      if (bare !== n) out.push(placeKey(bare));
    }
  return out;
}

/** Unique, non-empty, in first-seen order (stable output). */
export const uniqueKeys = (keys: string[]) => [...new Set(keys.filter(Boolean))];

/** Display English of a Ministry name: the parenthesised exonym if any, " - " as a hyphen. */
function cleanMuniEng(raw: string): string | undefined {
  const s = raw.trim();
  if (!s) return undefined;
  const paren = /\(([^)]+)\)/.exec(s)?.[1];
  return (paren ?? s.replace(/\s*\(.*$/, "")).replace(/\s*-\s*/g, "-").trim();
}

export interface PlaceEnglish {
  nameEn: string;
  /** Keys of its English names. */
  keys: string[];
  /** Keys of its Hebrew names' transliterations that no English name gave. */
  keysHe?: string[];
}

function split(en: string[], he: string[]): Omit<PlaceEnglish, "nameEn"> {
  const keys = uniqueKeys(en);
  const keysHe = uniqueKeys(he).filter((k) => !keys.includes(k));
  return { keys, ...(keysHe.length ? { keysHe } : {}) };
}

/** CBS code → the city's English name and keys. */
export function cityEnglish(s: Sources, names: Map<number, string>): Map<number, PlaceEnglish> {
  const english = new Map<number, string[]>();
  const hebrew = new Map<number, string[]>();
  const add = (m: Map<number, string[]>, code: number, v: string | null | undefined) => {
    if (v?.trim()) m.set(code, [...(m.get(code) ?? []), v.trim()]);
  };
  for (const [code, list] of Object.entries(CITY_ENGLISH))
    for (const n of list) add(english, Number(code), n);
  for (const f of s.cities) {
    const p = f.properties;
    add(english, p.semel_yeshuv, cleanMuniEng(p.Muni_Eng));
    add(english, p.semel_yeshuv, p.Muni_Eng.replace(/[()]/g, " "));
    add(hebrew, p.semel_yeshuv, p.Muni_Heb);
  }
  for (const f of s.bogind) {
    add(english, f.properties.city_semel_yeshuv, f.properties.city_en);
    add(hebrew, f.properties.city_semel_yeshuv, f.properties.city_he);
  }
  const out = new Map<number, PlaceEnglish>();
  for (const [code, name] of names) {
    const en = english.get(code) ?? [];
    out.set(code, {
      nameEn: en[0] ?? transliterate(name),
      ...split(englishKeys(en), hebrewKeys([name, ...(hebrew.get(code) ?? [])])),
    });
  }
  return out;
}

/** A neighbourhood's English name and keys, from its Hebrew name, its aliases and the reviewed list. */
export function hoodEnglish(hood: string, aliases: string[], reviewed: string[] | undefined): PlaceEnglish {
  const nameEn = reviewed?.[0] ?? listParts(hood).map(transliterate).join(", ");
  return {
    nameEn,
    ...split(englishKeys(reviewed ?? []), hebrewKeys([hood, ...aliases])),
  };
}
