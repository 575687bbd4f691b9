import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/properties.json" with { type: "json" };
import he from "../../i18n/locales/he/properties.json" with { type: "json" };

// The "properties" catalogues side by side: Hebrew has every text English has (plural forms may
// differ: Hebrew adds _two), each with the same placeholders, and is written in Hebrew.

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = flatten(en as Tree);
const hebrew = flatten(he as Tree);
/** Texts that are the same in both: the brand's partner's name, punctuation and number layouts. */
const NOT_WORDS = new Set([
  "story.googleMaps",
  "filters.between",
  "filters.searchChip",
  "story.list",
  "places.separator",
]);

describe("the properties catalogues", () => {
  it("have the same texts in both languages", () => {
    const en = new Set([...english.keys()].map(base));
    const he = new Set([...hebrew.keys()].map(base));
    expect([...en].filter((k) => !he.has(k))).toEqual([]);
    expect([...he].filter((k) => !en.has(k))).toEqual([]);
  });

  it("give Hebrew plurals their other form, and the same placeholders as English", () => {
    for (const [key, text] of english) {
      const other = hebrew.get(key) ?? hebrew.get(`${base(key)}_other`);
      expect(other, key).toBeDefined();
      // A Hebrew singular may spell the number out ("חדר אחד"); every other form keeps them all.
      if (!key.endsWith("_one")) expect(placeholders(other ?? ""), key).toEqual(placeholders(text));
    }
  });

  it("are written in Hebrew", () => {
    for (const [key, text] of hebrew) {
      if (NOT_WORDS.has(base(key))) continue;
      expect(text, key).toMatch(/[\u0590-\u05ff]/);
    }
  });
});
