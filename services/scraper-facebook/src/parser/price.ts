/**
 * Monthly rent. Every number in the text is a candidate; phones, links, dates and times
 * are blanked first so their digits cannot be read as a price. A candidate scores by
 * what surrounds it (a price word before it, a currency, "per month", "including bills",
 * a line of its own), and is dropped when it is a deposit, arnona, vaad, management fee,
 * a budget ("עד 7000"), a nightly/weekly rate, a total for a few days ("1400 ל-6 ימים"), or
 * outside the plausible rent band. The best score wins, the earliest on a tie; no scored
 * candidate means null, and so does a best one written "from X" (several units, several rents).
 */
import { blankAll, lineAround, parseNumber } from "./text.ts";

export const RENT_MIN = 700;
export const RENT_MAX = 60_000;

const NUMBER = /(?<![\d.,])(\d{1,3}(?:[,.]\d{3})+(?:\.\d{2})?|\d+(?:\.\d+)?)(?![\d])/g;
const DATE = /(?<![\d.,])\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?(?![\d])(?!\s*(?:אלף|k|K))/g;
const TIME = /(?<!\d)\d{1,2}:\d{2}(?:\s*-\s*\d{1,2}:\d{2})?/g;
const URL = /https?:\/\/\S+|www\.\S+|wa\.me\/\S+/g;

const KEYWORD =
  /(מחיר|שכ"ד|שכד|שכ'ד|שכה"ד|שכ"ח|שכר(?:\s*ה)?\s*דירה|שכירות|דמי\s*שכירות|תשלום\s*חודשי|עלות|price|rent|цена|стоимость|аренда)[^\d\n]{0,16}$/i;
// `\s*X?\s*` could split a run of spaces between its two halves in every way, rescanning it
// (quadratic, cubic with three); `\s*(?:X\s*)?` reads the same texts one way only.
const CURRENCY_BEFORE = /(₪|nis|ils|\$)\s*(?:[:-]\s*)?$/i;
const CURRENCY_AFTER = /^\s*(₪|ש"ח|שח|ש'ח|שקל|שקלים|nis|ils|shekels?|шек|шекелей|\$)/i;
const PER_MONTH =
  /^[\s*]*(?:(?:₪|ש"ח|שח|שקל(?:ים)?|nis|ils)\s*)?(לחודש|בחודש|חודשי|לכל\s*התקופה|לתקופה|לשבועיים|for\s*the\s*(?:whole\s*)?period|per\s*month|a\s*month|\/\s*month|monthly|в\s*месяц)/i;
const INCLUDES =
  /^\s*(?:(?:₪|ש"ח|שח|שקל(?:ים)?|nis)\s*)?(?:[,(]\s*)?(כולל|לא\s*כולל|ללא|בלי|פלוס|\+\s*חשבונות|including|incl|not\s*incl|plus)/i;
const THOUSAND = /^\s*(אלף|k)(?![A-Za-z])/i;
const KEYWORD_AFTER = /^\s*(?:(?:₪|ש"ח|שח)\s*)?(שכ"ד|שכד|שכירות|שכר\s*דירה|rent)(?![א-ת])/i;
const MILLION = /^\s*(מיליון|מליון|מ'(?![א-ת])|m(?![A-Za-z]))/i;

const NOT_RENT_BEFORE =
  /(ארנונה|ועד(?:\s*בית)?|וועד(?:\s*בית)?|ניהול|vaad(?:\s*bayit)?|arnona|management(?:\s*fee)?|פי?קדון|ערבות|deposit|עד|up\s*to|budget|תקציב|חשבונות|bills|חשמל|מים|הנחה|\+)\s*(?:[:-]\s*)?(?:(?:של|בסך|בגובה)\s*)?(?:(?:₪|ש"ח|nis)\s*)?$/i;
const NOT_RENT_AFTER =
  /^\s*(?:(?:₪|ש"ח|שח|שקל(?:ים)?|nis)\s*)?(vaad|ועד|וועד|management|דמי\s*ניהול|ניהול|ארנונה|arnona|לחודשיים|לרבעון|דו[\s-]*חודשי|ללילה|לילה|per\s*night|a\s*night|\/\s*night|ליום|per\s*day|a\s*day|לשבוע(?!יים)|per\s*week|a\s*week|deposit|פיקדון|%|דק|שנ|ימים|לילות|nights|days|חדר|חד'|rooms?|קומה|floor|מ"ר|מטר|sqm|m2)/i;
const OWN_LINE = /^[\s*•\-#:]*$/;
/** A total for a few days or nights (`1400 ל-6 ימים`, `699 NIS for 2 nights`): not a monthly rent. */
const FEW_DAYS =
  /^\s*(?:(?:₪|ש"ח|שח|nis|ils)\s*)?(?:(?:for|ל-?)\s*(?:\d{1,2}|two|three|four|five|six|seven|שני|שלושה|ארבעה|חמישה|שישה|שבעה)\s*(?:days|nights|ימים|לילות)|for\s+(?:the\s+)?weekend|לסופ"ש|לסוף\s*(?:ה)?שבוע)/i;
/** "From 6,500": the lowest of several units' prices, not the rent of one flat. */
const FROM_BEFORE =
  /(?:החל\s*מ-?|מחירים\s*מ-?|starting\s*(?:at|from)|prices?\s*from|from)\s*(?:(?:₪|nis)\s*)?$/i;

interface Candidate {
  value: number;
  score: number;
  index: number;
  /** Written as "from X": the post offers several units. */
  from?: boolean;
}

/** Blank everything whose digits are not amounts: the given spans, links, dates, times. */
export function maskNonAmounts(text: string, spans: { start: number; end: number }[]): string {
  let s = blankAll(text, spans);
  for (const rx of [URL, DATE, TIME]) s = s.replace(rx, (m) => " ".repeat(m.length));
  return s;
}

export function priceCandidates(masked: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of masked.matchAll(NUMBER)) {
    let value = parseNumber(m[1] ?? "");
    if (value === null) continue;
    const end = m.index + m[0].length;
    const [before, after] = lineAround(masked, m.index, end);
    if (THOUSAND.test(after)) value = value < 100 ? value * 1000 : value;
    else if (MILLION.test(after) && value < 100) value = value * 1_000_000;
    let score = 0;
    if (KEYWORD.test(before)) score += 3;
    if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after)) score += 2;
    if (PER_MONTH.test(after)) score += 2;
    if (INCLUDES.test(after)) score += 1;
    if (KEYWORD_AFTER.test(after)) score += 3;
    if (THOUSAND.test(after)) score += 2;
    if (OWN_LINE.test(before) && OWN_LINE.test(after.replace(/^\s*(₪|ש"ח|שח|nis)/i, ""))) score += 1;
    if (score === 0) continue;
    // "הכוללת מים וארנונה 4100" is a rent that includes arnona, not an arnona figure.
    const including = /כולל|including|incl/i.test(before.slice(-30));
    if ((!including && NOT_RENT_BEFORE.test(before.slice(-24))) || NOT_RENT_AFTER.test(after)) continue;
    if (FEW_DAYS.test(after)) continue;
    out.push({ value, score, index: m.index, from: FROM_BEFORE.test(before.slice(-24)) });
  }
  return out;
}

/** The rent, or null. `fallback` is the Marketplace block price, used only when the body has none. */
export function extractPrice(masked: string, fallback: number | null): number | null {
  const inBand = priceCandidates(masked).filter((c) => c.value >= RENT_MIN && c.value <= RENT_MAX);
  let best: Candidate | null = null;
  for (const c of inBand) if (!best || c.score > best.score) best = c;
  // Several units priced "from X" have no one rent; the Marketplace price is no better then.
  if (best?.from) return null;
  if (best) return best.value;
  if (fallback !== null && fallback >= RENT_MIN && fallback <= RENT_MAX) return fallback;
  return null;
}

/** The largest amount written as a price (for telling a sale from a rental). */
export function largestAmount(masked: string): number {
  return priceCandidates(masked).reduce((m, c) => Math.max(m, c.value), 0);
}
