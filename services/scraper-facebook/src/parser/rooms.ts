/**
 * Room count in the Israeli sense (bedrooms + living room): `3 חדרים`, `2.5 חד'`, `3חד'`,
 * `שלושה חדרים`, `שניים וחצי חדרים`, `חדר וחצי` = 1.5, `דירת חדר` = 1, `סטודיו` = 1,
 * `חדרים: 4`, `3 rooms`, `3.5 Room`, `3-х комнатная`. A bedroom count (`2 חדרי שינה`,
 * `2 bedrooms`, `2BR`) gives bedrooms + 1, the Israeli convention, only when no room count
 * is written. Ranges (`2-3 חדרים`) are a wish, not a flat: null.
 */
import { HE, L, re, WORD_NUMBER_ALT, WORD_NUMBERS } from "./text.ts";

const NUM = "(\\d{1,2}(?:[.,]5)?)";
const UNIT = `(?:חדרים|חד'|חד(?![${HE}'"])|חדר(?![${HE}'"])|rooms?(?![A-Za-z])|room\\b|комн\\S*|-?х\\s*комнатн\\S*|-?комнатн\\S*)`;
// `\s*(?:-\s*)?`, not `\s*-?\s*`: the latter splits a run of spaces every way (quadratic).
const DIGIT_ROOMS = re(`(?<![\\d.,/])(?<!\\d\\s?-\\s?)${NUM}\\s*(?:-\\s*)?${UNIT}`, "giu");
const WORD_ROOMS = re(`${L}[ב]?(${WORD_NUMBER_ALT})(\\s*וחצי)?\\s+(?:חדרים|חד')`, "gu");
const KEY_ROOMS = re(`(?<![A-Za-z])(?:חדרים|rooms)\\s*[:\\-]\\s*${NUM}(?![\\d])`, "giu");
const ROOM_AND_HALF = re(`${L}[ב]?חדר\\s+וחצי`, "gu");
const ONE_ROOM = re(`${L}(?:דירת|דירה)\\s+(?:של\\s+)?חדר(?![${HE}])(?!\\s+וחצי)(?!\\s+ב?-?דיר)`, "gu");
const STUDIO = /סטודיו|studio|סטודייו|студи/i;
const BEDROOMS = re(
  `(?<![\\d.,/])(?<!\\d\\s?-\\s?)(\\d)\\s*(?:-\\s*)?(?:חדרי\\s*שינה|bedrooms?|br(?![A-Za-z])|bdr|bed\\s*rooms)|${L}(${WORD_NUMBER_ALT})\\s+חדרי\\s*שינה|bedrooms?\\s*:\\s*(\\d)`,
  "giu",
);

function plausible(n: number): boolean {
  return n >= 1 && n <= 12 && Number.isInteger(n * 2);
}

interface Hit {
  value: number;
  index: number;
}

/** `שלושה חדרים + סלון`: bedrooms written as rooms, plus the living room. */
const PLUS_LIVING = re(`^\\s*(?:\\+|ו|פלוס)\\s*סלון`, "u");

function roomHits(text: string): Hit[] {
  const hits: Hit[] = [];
  const plusLiving = (end: number) => (PLUS_LIVING.test(text.slice(end, end + 12)) ? 1 : 0);
  for (const m of text.matchAll(DIGIT_ROOMS)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 3);
    if (
      /^[ \t]*-[ \t]*\d/.test(after) ||
      /\d[ \t]*-[ \t]*$/.test(text.slice(Math.max(0, m.index - 4), m.index))
    )
      continue;
    const n = Number((m[1] ?? "").replace(",", "."));
    hits.push({ value: n + plusLiving(m.index + m[0].length), index: m.index });
  }
  for (const m of text.matchAll(WORD_ROOMS)) {
    const base = WORD_NUMBERS[m[1] ?? ""] ?? 0;
    hits.push({ value: base + (m[2] ? 0.5 : 0) + plusLiving(m.index + m[0].length), index: m.index });
  }
  for (const m of text.matchAll(KEY_ROOMS)) hits.push({ value: Number(m[1]), index: m.index });
  for (const m of text.matchAll(ROOM_AND_HALF)) hits.push({ value: 1.5, index: m.index });
  for (const m of text.matchAll(ONE_ROOM)) hits.push({ value: 1, index: m.index });
  return hits.filter((h) => plausible(h.value)).sort((a, b) => a.index - b.index);
}

export function extractRooms(text: string): number | null {
  const first = roomHits(text)[0];
  if (first) return first.value;
  if (STUDIO.test(text)) return 1;
  for (const m of text.matchAll(BEDROOMS)) {
    const n = m[1] ? Number(m[1]) : m[2] ? (WORD_NUMBERS[m[2]] ?? 0) : Number(m[3]);
    if (n >= 1 && n <= 8) return n + 1;
  }
  return null;
}
