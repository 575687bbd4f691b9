/**
 * Place search in both scripts, shared by the geo build, the listings service and the SPA (pure:
 * no imports but the Hebrew normaliser, no data). A Latin spelling is folded to a consonant
 * skeleton (`placeKey`): the usual romanisations of one Hebrew name differ in vowels, doubled
 * letters and which digraph a sound gets, never in the consonants' classes, so
 * "Neve Tzedek", "nevei tsedek" and "Naveh Zedek" all become "nvzdk". Hebrew is compared as
 * Hebrew (`foldHebrew`), as it always was.
 */
import { normalizeHebrew } from "./normalize.ts";

const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/;
const FINALS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
// Articles written as a word of their own ("ha Tikva", "ha-Tikva", "el-Fahm"); glued ones
// ("HaTikva") are met by the build's keys without the article.
const ARTICLES = new Set(["ha", "a", "al", "el"]);

export function hasHebrew(s: string): boolean {
  return HEBREW.test(s);
}

/** Hebrew without niqqud, quote marks, plene doubling or final forms, lowercased. */
export function foldHebrew(s: string): string {
  return normalizeHebrew(s).replace(/[ךםןףץ]/g, (c) => FINALS[c] ?? c);
}

/** One Latin word's skeleton: the consonants, each sound class one letter. */
function skeleton(word: string): string {
  let w = word
    .replace(/tz|ts/g, "z")
    .replace(/sh/g, "s")
    .replace(/ch|kh/g, "k")
    .replace(/ph/g, "f")
    .replace(/th/g, "t")
    .replace(/([aeiou])h$/, "$1"); // a silent final h: Naveh, Tikvah
  // A y is a consonant only at the start of a word (Yafo); elsewhere it spells a vowel (Nevei, Eliyahu).
  w = w.slice(0, 1) + w.slice(1).replace(/y/g, "");
  return w
    .replace(/[hcq]/g, "k")
    .replace(/[wb]/g, "v")
    .replace(/p/g, "f")
    .replace(/x/g, "ks")
    .replace(/[aeiou]/g, "");
}

/**
 * A Latin place name or query as a key: lowercase, accents, apostrophes, hyphens and spaces
 * gone, article words dropped, each word's skeleton, doubled letters single. Hebrew letters are
 * ignored (a Hebrew text has the empty key).
 */
export function placeKey(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’‘`´"]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !ARTICLES.has(w));
  return words
    .map(skeleton)
    .join("")
    .replace(/(.)\1+/g, "$1");
}

/**
 * Whether a place answers a search box's text: every word of it, each in its own script, is
 * found in the place — a Hebrew word inside the folded Hebrew name, a Latin word's key inside
 * one of the place's keys. `keys` are its Latin keys (placeKey of its English names and of the
 * transliteration of its Hebrew ones), space-separated.
 */
export function matchesPlace(query: string, hebrew: string, keys: string): boolean {
  const words = query.split(/\s+/).filter(Boolean);
  let folded: string | undefined;
  let latin: string[] | undefined;
  for (const word of words) {
    if (hasHebrew(word)) {
      folded ??= foldHebrew(hebrew);
      if (!folded.includes(foldHebrew(word))) return false;
    } else {
      const k = placeKey(word);
      if (!k) continue; // "ha", "-", an apostrophe: nothing to look for
      latin ??= keys.split(" ");
      if (!latin.some((key) => key.includes(k))) return false;
    }
  }
  return true;
}

/** An option's keys for matchesPlace: its English name's key and the keys it was sent with. */
export function optionKeys(option: { nameEn: string; keys: string }): string {
  return option.keys ? `${placeKey(option.nameEn)} ${option.keys}` : placeKey(option.nameEn);
}
