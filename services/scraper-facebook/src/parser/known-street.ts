/**
 * Well-known streets written as a place rather than after a street word: `בבוגרשוב`,
 * `על קינג ג'ורג'`, `הירקון 124`, `פרישמן פינת בן יהודה`, `בחשמונאים` (article dropped after
 * a prefix). A name that is also a neighbourhood, a city or a word (`פלורנטין`, `ירושלים`,
 * `הכרמל`) counts only with a house number after it. "Near X" / "corner of X" / "X square"
 * are not the flat's street.
 */
import { houseNumber, withNumber } from "./house-number.ts";
import { ALL_SPELLINGS, STREET_SPELLINGS } from "./streets.ts";
import { HE, re } from "./text.ts";

/** Known names that are also a city, neighbourhood, landmark or common word: only after a street word. */
const AMBIGUOUS = new Set(
  `ירושלים|השלום|גאולה|הס|השוק|תל חי|בורוכוב|שלמה|הרכבת|הכרמל|נחמה|מנוחה|תשרי|הולנדי|אילת|הטייסים|עודד|בילו|פלורנטין|נווה שאנן|מונטיפיורי|חברון|יריחו|המקצוע|היצירה|רחמיאלי|ביל"ו|העלייה|העליה|יפת|בן גוריון|ויטל|לבונטין|אנגל|נחלת בנימין|עיינות|התבור|זבולון|אילת|סלמה|לסל|בית אורן`.split(
    "|",
  ),
);
const HEBREW_LETTER = /^[\u05D0-\u05EA']/;
const BY_FIRST_LETTER = new Map<string, string[]>();
for (const s of ALL_SPELLINGS) {
  const list = BY_FIRST_LETTER.get(s[0] ?? "") ?? [];
  list.push(s);
  BY_FIRST_LETTER.set(s[0] ?? "", list);
}

/** The gazetteer's or the list's street `rest` starts with (longest spelling first). */
export function knownPrefix(rest: string): string | null {
  for (const s of BY_FIRST_LETTER.get(rest[0] ?? "") ?? []) {
    if (rest.startsWith(s) && !HEBREW_LETTER.test(rest.slice(s.length))) return s;
  }
  return null;
}

// `\s*(?:X\s*)?`, not `\s*X?\s*`, which splits a run of spaces every way (these see short windows).
const NEAR_BEFORE = /(כיכר|ככר|שוק|מתחם|ליד|סמוך ל|קרוב ל|בקרבת|פינת|בין|מגדל|מגדלי|גבול)\s*(?:-\s*)?$/;
const CITY_AFTER = /^\s*(?:,\s*)?(תל[\s-]?אביב|ת"א|רמת[\s-]?גן|גבעתיים|יפו)/;
const AFTER_PLACE = /^\s*(\d{1,3}(?!\d|[.,/:]\d)|פינת|\/|-\s*[א-ת]|,|\||\(|\)|\.|\n|$)/;

// One pass over the text for every known name (longest spellings first in the alternation).
const KNOWN_RX = re(
  `(?<![${HE}A-Za-z0-9'])(על\\s+|ו?ב)?(${STREET_SPELLINGS.filter((s) => !AMBIGUOUS.has(s)).join("|")})(?![${HE}'])`,
  "gu",
);

// "בחשמונאים" is ב + "החשמונאים" with the article dropped; only after a prefix letter.
const DROPPED_ARTICLE = new Map(
  STREET_SPELLINGS.filter((s) => s.startsWith("ה") && s.length > 4 && !AMBIGUOUS.has(s)).map((s) => [
    s.slice(1),
    s,
  ]),
);
const DROPPED_RX = re(
  `(?<![${HE}A-Za-z0-9'])[בלו](${[...DROPPED_ARTICLE.keys()].join("|")})(?![${HE}'])`,
  "gu",
);
// A name that is also a neighbourhood or a common word is a street when a house number follows.
const NUMBERED_RX = re(
  `(?<![${HE}A-Za-z0-9'])(?:[בו]{1,2})?(${STREET_SPELLINGS.filter((s) => AMBIGUOUS.has(s)).join("|")})(?=\\s?\\d{1,3}(?!\\d|[.,/:]\\d))`,
  "gu",
);

export function fromKnown(text: string): { name: string; index: number } | null {
  let best: { name: string; index: number } | null = null;
  for (const m of text.matchAll(KNOWN_RX)) {
    const spelling = m[2] ?? "";
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (NEAR_BEFORE.test(before) || /^\s*(סנטר|center)/i.test(rest)) continue;
    const lineStart = m.index === 0 || /(?:\n|[.!:])[^\S\n]*(?:[-*•]\s*)?$/.test(before);
    const listed = /(?:[,|-]|\()\s*$/.test(before) && AFTER_PLACE.test(rest);
    const corner = /^\s*(פינת|\/\s*[א-ת])/.test(rest) || CITY_AFTER.test(rest);
    if (!m[1] && !lineStart && !houseNumber(rest) && !listed && !corner) continue;
    best = { name: withNumber(spelling, rest), index: m.index };
    break;
  }
  for (const rx of [DROPPED_RX, NUMBERED_RX]) {
    for (const m of text.matchAll(rx)) {
      if (best && m.index >= best.index) break;
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      if (NEAR_BEFORE.test(before)) continue;
      const found = m[1] ?? "";
      const spelling = rx === DROPPED_RX ? (DROPPED_ARTICLE.get(found) ?? found) : found;
      const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
      best = { name: withNumber(spelling, rest), index: m.index };
      break;
    }
  }
  return best;
}
