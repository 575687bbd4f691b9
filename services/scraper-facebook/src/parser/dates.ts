/**
 * Entry date. `כניסה מיידית` (and its spellings, `immediate`, `לאכלוס מיידי`) gives
 * "immediate". A day and month after an entry word (`כניסה ב-1.12`, `כניסה: 15/10`,
 * `החל מה-10.10.21`, `פנויה מ-1/11`, `פינוי ב1/1`, `Entry: 1.10`, `15 למרץ`, `Nov 1`), or
 * the first day of a date range (`13.10-20.10`, `2/10-10/12`), gives an ISO date.
 *
 * A date without a year takes the next occurrence relative to the post's date (`now`),
 * allowing 31 days back: a post of 5 October saying "כניסה 1.10" means this 1 October.
 * A month alone (`כניסה בנובמבר`, `תחילת אוקטובר`) is no day: null here (FIELDS.md), and
 * `entry.ts` reads it for the listing. An impossible date (`31.2`) is null. Russian entry words
 * (`заезд с 1.12`, `свободна с 15 декабря`) are read too.
 */
import { ENGLISH_MONTHS, HEBREW_MONTHS } from "@dirabot/scraping";
import { HE, L, re } from "./text.ts";

const IMMEDIATE = re(
  `(?:כניסה|לכניסה|אכלוס|לאכלוס|פנויה|פנוי|זמינה)[^\\n\\d]{0,12}(?:(?:מיידית|מידית|מיידת|מידיית|מיידיית)|(?:מיידי|מידי|במיידי|במידי|מיד)(?![${HE}]))|${L}(?:מיידית|מידית)\\s*[!.]|להשכרה\\s+מיידית|(?:החל\\s+)?מהיום(?![${HE}])|(?:כניסה|לכניסה|פנויה|פנוי|זמינה)[^\\n\\d]{0,12}(?<![${HE}])מ?עכשיו(?![${HE}])|from\\s+today|immediate(?:ly)?|available\\s+now|(?:available|entry|move[\\s-]*in)[^\\n\\d]{0,6}(?<![a-z])asap|сразу`,
  "giu",
);
// A bare `מ` ("from") counts only glued to a dotted date (`מ-15/8`, `מ15.8`); Russian `с` likewise.
const ENTRY_WORD =
  "(?:כניסה|הכניסה|לכניסה|תאריך\\s*(?:ה)?כניסה|מועד\\s*כניסה|החל|פנויה|פנוי|זמינה|זמין|מתפנה|מתפנית|פינוי|תאריך\\s*פינוי|מועד\\s*פינוי|אכלוס|(?<![\\u05D0-\\u05EA])מה(?=-?\\s*\\d)|(?<![\\u05D0-\\u05EA])מ(?=-?\\s*\\d{1,2}[./]\\d)|נכנסים|להיכנס|להכנס|entry|entrance(?:\\s*date)?|available|move[\\s-]*in(?:\\s*date)?|from|заезд|въезд|свободн[аоы]?|(?<![а-яё])с(?=\\s*\\d))";
// Not a room count or a size written like a date ("מתפנה דירת 2.5 חדרים").
const DM =
  '(\\d{1,2})[./\\-](\\d{1,2})(?:[./\\-](\\d{2}|\\d{4}))?(?![\\d])(?!\\s*(?:חדרים|חד\'|חד(?![\\u05D0-\\u05EA])|rooms?|מ"ר|מטר|קומות|אלף|₪|ש"ח|שח|k(?![a-z])))';
const ENTRY_DATE = re(`${ENTRY_WORD}[^\\n\\d]{0,14}?${DM}`, "giu");
const RANGE = re(`(?<![\\d./])${DM}\\s*(?:-|עד(?:\\s*ה)?-?)\\s*\\d{1,2}[./]\\d{1,2}(?![\\d])`, "gu");
/** `24-31.12`: the first day shares the second date's month. */
const DAY_RANGE = /(?<![\d./])(\d{1,2})\s*-\s*\d{1,2}[./](\d{1,2})(?:[./](\d{2}|\d{4}))?(?![\d])/g;

const HE_MONTH_ALT = Object.keys(HEBREW_MONTHS).join("|");
const ENTRY_HE_MONTH = re(
  `${ENTRY_WORD}[^\\n\\d]{0,14}?(?<!\\d)(\\d{1,2})\\s*(?:(?:ב|ל)\\s*)?(?:-\\s*)?(${HE_MONTH_ALT})(?![${HE}])`,
  "giu",
);
/** Russian months by the stem every case shares (`декабря`, `декабре`, `декабрь`), January first. */
const RU_MONTHS = [
  "январ",
  "феврал",
  "март",
  "апрел",
  "ма[йяе]",
  "июн",
  "июл",
  "август",
  "сентябр",
  "октябр",
  "ноябр",
  "декабр",
];
export const RU_MONTH = `(${RU_MONTHS.join("|")})[а-яё]{0,2}(?![а-яё])`;
export const ruMonth = (word: string) =>
  RU_MONTHS.findIndex((stem) => new RegExp(`^${stem}`, "iu").test(word)) + 1;
const ENTRY_RU_MONTH = re(`${ENTRY_WORD}[^\\n\\d]{0,10}?(?<!\\d)(\\d{1,2})(?:-?го)?\\s+${RU_MONTH}`, "giu");
// A month is a word of at most 12 letters (`[a-z]{3}[a-z]{0,9}`), starting a word: an open
// `[a-z]*` rescanned a long run of letters from every "from" in it (quadratic).
const EN_DATE =
  /(?:entry|entrance|available|from|move\s*in)[^\n\d]{0,12}?(?:(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3})[a-z]{0,9}|([a-z]{3})[a-z]{0,9}\.?\s+(\d{1,2})(?:st|nd|rd|th)?)(?![\d])|(?<![a-z])([a-z]{3})[a-z]{0,9}\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s+entr/gi;

/** `Dec 5 - Jan 5`: the first day of an English date range. */
const EN_RANGE =
  /(?<![A-Za-z])([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*-\s*[a-z]{3}[a-z]*\.?\s+\d{1,2}(?!\d)/gi;

export function iso(y: number, m: number, d: number): string {
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

/** A viewing between the entry word and the date ("available to view Nov 20"). */
const VIEWING = /view|show|visit|(?<![\u05D0-\u05EA])[ולב]?(?:מרא(?:ה|ים)|לראות|אראה|סיור|ביקור)/iu;
/** `ירד מ-5.5 ל-5`: a bare "from" with a "to" number is an amount that changed, not a date. */
const FROM_TO = /^מה?[-\s\d]/u;
const TO_NUMBER = /^\s*ל-?\s*\d/u;

/** An entry-word match that is a date, not a viewing or a change of amount. */
function isEntry(text: string, m: RegExpMatchArray): boolean {
  if (VIEWING.test(m[0])) return false;
  const end = (m.index ?? 0) + m[0].length;
  return !(FROM_TO.test(m[0]) && TO_NUMBER.test(text.slice(end, end + 12)));
}

export function extractEntryDate(text: string, now: Date): string | null {
  const found: { value: string | null; index: number }[] = [];
  const imm = IMMEDIATE.exec(text);
  IMMEDIATE.lastIndex = 0;
  if (imm) found.push({ value: "immediate", index: imm.index });
  for (const rx of [ENTRY_DATE, RANGE, DAY_RANGE]) {
    for (const m of text.matchAll(rx)) {
      if (rx === ENTRY_DATE && !isEntry(text, m)) continue;
      const year = m[3] ? Number(m[3]) : null;
      const value = resolveDate(Number(m[1]), Number(m[2]), year, now);
      if (value) found.push({ value, index: m.index });
    }
  }
  for (const m of text.matchAll(ENTRY_HE_MONTH)) {
    if (!isEntry(text, m)) continue;
    const value = resolveDate(Number(m[1]), HEBREW_MONTHS[m[2] ?? ""] ?? 0, null, now);
    if (value) found.push({ value, index: m.index });
  }
  for (const m of text.matchAll(ENTRY_RU_MONTH)) {
    if (!isEntry(text, m)) continue;
    const value = resolveDate(Number(m[1]), ruMonth(m[2] ?? ""), null, now);
    if (value) found.push({ value, index: m.index });
  }
  for (const m of text.matchAll(EN_RANGE)) {
    const mon = ENGLISH_MONTHS.indexOf((m[1] ?? "").toLowerCase()) + 1;
    const value = mon > 0 ? resolveDate(Number(m[2]), mon, null, now) : null;
    if (value) found.push({ value, index: m.index });
  }
  for (const m of text.matchAll(EN_DATE)) {
    if (!isEntry(text, m)) continue;
    const day = Number(m[1] ?? m[4] ?? m[6]);
    const mon = ENGLISH_MONTHS.indexOf((m[2] ?? m[3] ?? m[5] ?? "").toLowerCase()) + 1;
    const value = mon > 0 ? resolveDate(day, mon, null, now) : null;
    if (value) found.push({ value, index: m.index });
  }
  found.sort((a, b) => a.index - b.index);
  return found[0]?.value ?? null;
}
