import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./index.ts";

// Every namespace in every language holds the same keys (plural forms aside: Hebrew has `_two`
// where English has none), and each text takes the same {{values}}: a key missing in Hebrew would
// show its English fallback, an extra one is a text nobody reads.

const dir = path.join(import.meta.dirname, "locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: Tree | string | Tree[] | string[] };

/** Every leaf as "a.b.c" → its text. */
function leaves(tree: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === "string") out.set(prefix, tree);
  else if (tree && typeof tree === "object")
    for (const [key, value] of Object.entries(tree as Tree))
      for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
}

const catalogue = (lang: string, ns: string) =>
  leaves(JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), "utf8")));
/** The keys with plural suffixes taken off: "rooms_one", "rooms_two" → "rooms". */
const bases = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(PLURAL, "")));
const values = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const namespaces = (lang: string) =>
  fs
    .readdirSync(path.join(dir, lang))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();

describe("the catalogues", () => {
  it("have the same namespaces in every language", () => {
    for (const lang of LANGUAGES) expect(namespaces(lang), lang).toEqual(namespaces("en"));
  });

  for (const ns of namespaces("en")) {
    it(`${ns}: every key in English is in Hebrew and the other way round`, () => {
      const en = bases(catalogue("en", ns).keys());
      const he = bases(catalogue("he", ns).keys());
      expect(
        [...en].filter((k) => !he.has(k)),
        "keys Hebrew lacks",
      ).toEqual([]);
      expect(
        [...he].filter((k) => !en.has(k)),
        "keys English lacks",
      ).toEqual([]);
    });

    it(`${ns}: no text is empty, and each takes the same values in both languages`, () => {
      const en = catalogue("en", ns);
      const he = catalogue("he", ns);
      const enValues = new Map([...en].map(([k, v]) => [k.replace(PLURAL, ""), values(v)]));
      for (const [key, text] of [...en, ...he]) expect(text.trim(), key).not.toBe("");
      for (const [key, text] of he) {
        const want = enValues.get(key.replace(PLURAL, "")) ?? [];
        // A plural form may spell its number out ("חדר אחד", "שני חדרים"): it takes no value the
        // English text lacks, and may leave the number out.
        if (PLURAL.test(key))
          expect(
            values(text).filter((v) => !want.includes(v)),
            key,
          ).toEqual([]);
        else expect(values(text), key).toEqual(want);
      }
    });
  }
});
