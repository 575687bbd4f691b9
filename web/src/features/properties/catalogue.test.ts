import { describe, expect, it } from "vitest";
import he from "../../i18n/locales/he/properties.json" with { type: "json" };

// The Hebrew "properties" catalogue is written in Hebrew (its keys and placeholders agreeing with
// English is checked for every namespace by i18n/catalogues.test.ts).

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
  it("are written in Hebrew", () => {
    for (const [key, text] of hebrew) {
      if (NOT_WORDS.has(base(key))) continue;
      expect(text, key).toMatch(/[\u0590-\u05ff]/);
    }
  });
});
