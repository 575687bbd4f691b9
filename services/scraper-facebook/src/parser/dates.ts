/**
 * Entry date. `כניסה מיידית` (and its spellings, `immediate`, `לאכלוס מיידי`) gives
 * "immediate". A day and month after an entry word (`כניסה ב-1.12`, `כניסה: 15/10`,
 * `החל מה-10.10.21`, `פנויה מ-1/11`, `פינוי ב1/1`, `Entry: 1.10`, `15 למרץ`, `Nov 1`), or
 * the first day of a date range (`13.10-20.10`, `2/10-10/12`), gives an ISO date.
 *
 * A date without a year takes the next occurrence relative to the post's date (`now`),
 * allowing 31 days back: a post of 5 October saying "כניסה 1.10" means this 1 October.
 * A month alone (`כניסה בנובמבר`, `תחילת אוקטובר`) is too vague: null. An impossible
 * date (`31.2`) is null.
 */
import { ENGLISH_MONTHS, HEBREW_MONTHS } from "@dirabot/platform/months.ts";
import { HE, L, re } from "./text.ts";

const IMMEDIATE = re(
  `(?:כניסה|לכניסה|אכלוס|לאכלוס|פנויה|פנוי|זמינה)[^\\n\\d]{0,12}(?:(?:מיידית|מידית|מיידת|מידיית|מיידיית)|(?:מיידי|מידי|במיידי|במידי|מיד)(?![${HE}]))|${L}(?:מיידית|מידית)\\s*[!.]|להשכרה\\s+מיידית|(?:החל\\s+)?מהיום(?![${HE}])|from\\s+today|immediate(?:ly)?|available\\s+now|сразу`,
  "giu",
);
const ENTRY_WORD =
  "(?:כניסה|הכניסה|לכניסה|תאריך\\s*(?:ה)?כניסה|מועד\\s*כניסה|החל|פנויה|פנוי|זמינה|זמין|מתפנה|מתפנית|פינוי|תאריך\\s*פינוי|מועד\\s*פינוי|אכלוס|(?<![\\u05D0-\\u05EA])מה(?=-?\\s*\\d)|entry|entrance(?:\\s*date)?|available|move\\s*in|from)";
// Not a room count or a size written like a date ("מתפנה דירת 2.5 חדרים").
const DM =
  "(\\d{1,2})[./\\-](\\d{1,2})(?:[./\\-](\\d{2}|\\d{4}))?(?![\\d])(?!\\s*(?:חדרים|חד'|חד(?![\\u05D0-\\u05EA])|rooms?|מ\"ר|מטר|קומות))";
const ENTRY_DATE = re(`${ENTRY_WORD}[^\\n\\d]{0,14}?${DM}`, "giu");
const RANGE = re(`(?<![\\d./])${DM}\\s*(?:-|עד(?:\\s*ה)?-?)\\s*\\d{1,2}[./]\\d{1,2}(?![\\d])`, "gu");
/** `24-31.12`: the first day shares the second date's month. */
const DAY_RANGE = /(?<![\d./])(\d{1,2})\s*-\s*\d{1,2}[./](\d{1,2})(?:[./](\d{2}|\d{4}))?(?![\d])/g;

const HE_MONTH_ALT = Object.keys(HEBREW_MONTHS).join("|");
const ENTRY_HE_MONTH = re(
  `${ENTRY_WORD}[^\\n\\d]{0,14}?(?<!\\d)(\\d{1,2})\\s*(?:ב|ל)\\s*(?:-\\s*)?(${HE_MONTH_ALT})(?![${HE}])`,
  "giu",
);
// A month is a word of at most 12 letters (`[a-z]{3}[a-z]{0,9}`), starting a word: an open
// `[a-z]*` rescanned a long run of letters from every "from" in it (quadratic).
const EN_DATE =
  /(?:entry|entrance|available|from|move\s*in)[^\n\d]{0,12}?(?:(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3})[a-z]{0,9}|([a-z]{3})[a-z]{0,9}\.?\s+(\d{1,2})(?:st|nd|rd|th)?)(?![\d])|(?<![a-z])([a-z]{3})[a-z]{0,9}\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s+entr/gi;

/** `Dec 5 - Jan 5`: the first day of an English date range. */
const EN_RANGE =
  /(?<![A-Za-z])([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*-\s*[a-z]{3}[a-z]*\.?\s+\d{1,2}(?!\d)/gi;

function iso(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** The ISO date of day/month(/year), the next occurrence after `now` when the year is missing. */
export function resolveDate(day: number, month: number, year: number | null, now: Date): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  let y = year === null ? now.getUTCFullYear() : year < 100 ? 2000 + year : year;
  const valid = (yy: number) => {
    const t = new Date(Date.UTC(yy, month - 1, day));
    return t.getUTCMonth() === month - 1 ? t : null;
  };
  let date = valid(y);
  if (!date) return null;
  if (year === null && date.getTime() < now.getTime() - 31 * 86_400_000) {
    y += 1;
    date = valid(y);
    if (!date) return null;
  }
  return iso(y, month, day);
}

export function extractEntryDate(text: string, now: Date): string | null {
  const found: { value: string | null; index: number }[] = [];
  const imm = IMMEDIATE.exec(text);
  IMMEDIATE.lastIndex = 0;
  if (imm) found.push({ value: "immediate", index: imm.index });
  for (const rx of [ENTRY_DATE, RANGE, DAY_RANGE]) {
    for (const m of text.matchAll(rx)) {
      const year = m[3] ? Number(m[3]) : null;
      const value = resolveDate(Number(m[1]), Number(m[2]), year, now);
      if (value) found.push({ value, index: m.index });
    }
  }
  for (const m of text.matchAll(ENTRY_HE_MONTH)) {
    const value = resolveDate(Number(m[1]), HEBREW_MONTHS[m[2] ?? ""] ?? 0, null, now);
    if (value) found.push({ value, index: m.index });
  }
  for (const m of text.matchAll(EN_RANGE)) {
    const mon = ENGLISH_MONTHS.indexOf((m[1] ?? "").toLowerCase()) + 1;
    const value = mon > 0 ? resolveDate(Number(m[2]), mon, null, now) : null;
    if (value) found.push({ value, index: m.index });
  }
  for (const m of text.matchAll(EN_DATE)) {
    const day = Number(m[1] ?? m[4] ?? m[6]);
    const mon = ENGLISH_MONTHS.indexOf((m[2] ?? m[3] ?? m[5] ?? "").toLowerCase()) + 1;
    const value = mon > 0 ? resolveDate(day, mon, null, now) : null;
    if (value) found.push({ value, index: m.index });
  }
  found.sort((a, b) => a.index - b.index);
  return found[0]?.value ?? null;
}
