/**
 * Text normalisation and the regex building blocks every extractor shares.
 *
 * Facebook renders lose line breaks, mix every variant of the acronym marks (ASCII quote,
 * U+05F4, two apostrophes, a single geresh) and sprinkle bidi marks and mathematical-bold
 * digits. Extractors only ever see the output of `normalize`, so their patterns can be
 * written once, for one spelling. JavaScript's `\b` does not know Hebrew letters: the
 * boundaries below are explicit look-arounds instead.
 */

/** A Hebrew letter (alef..tav, final forms included). */
export const HE = "\\u05D0-\\u05EA";
/** Start of a word: not preceded by a letter or digit. */
export const L = `(?<![${HE}A-Za-z0-9])`;
/** End of a word: not followed by a letter or digit. */
export const R = `(?![${HE}A-Za-z0-9])`;
/** End of a Hebrew word (a Latin letter or digit may follow in glued text). */
export const RH = `(?![${HE}])`;
/** One-letter Hebrew prefixes (in, to, from, the, and, that, as) that glue onto a word. */
export const PREFIX = "[ובלמהשכ]{0,3}";

export function re(source: string, flags = "gu"): RegExp {
  return new RegExp(source, flags);
}

const BIDI = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;
const SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000\t]/g;
const GERSHAYIM = /[\u05F4\u201C\u201D\u201E\u201F\u00AB\u00BB\u2033]/g;
const GERESH = /[\u05F3\u2018\u2019\u201A\u201B`\u00B4\u2032]/g;
const DASHES = /[\u05BE\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const NIQQUD = /[\u0591-\u05BD\u05BF-\u05C7]/g;

/**
 * One spelling for everything: NFKC (bold digits → ASCII), no bidi marks or niqqud,
 * `"` for gershayim (also `''`), `'` for geresh, `-` for every dash, and spaces put back
 * where a render glued words: after a final letter (ם ן ץ ף ך only end words), between
 * a Hebrew letter and a digit, and after punctuation directly followed by a letter.
 */
export function normalize(raw: string): string {
  let s = raw.normalize("NFKC");
  s = s.replace(DASHES, "-").replace(BIDI, "").replace(NIQQUD, "").replace(SPACES, " ");
  s = s.replace(/\r\n?/g, "\n");
  s = s.replace(GERSHAYIM, '"').replace(GERESH, "'").replace(/''/g, '"');
  s = s.replace(/([ךםןףץ])(?=[א-ת])/g, "$1 ");
  s = s.replace(/([א-ת])(?=\d)/g, "$1 ").replace(/(\d)(?=[א-ת])/g, "$1 ");
  s = s.replace(/([א-ת]{2}[.!?])(?=\d)/g, "$1 ");
  s = s.replace(/([!?;,])(?=[א-ת])/g, "$1 ").replace(/([א-ת]{2}[.:])(?=[א-ת])/g, "$1 ");
  return s;
}

/**
 * Replace every [start, end) span (in text order, not overlapping) with spaces, keeping every
 * other offset where it was. One pass: blanking span by span copied the whole text each time,
 * quadratic in a post of thousands of phone numbers.
 */
export function blankAll(s: string, spans: readonly { start: number; end: number }[]): string {
  if (spans.length === 0) return s;
  const parts: string[] = [];
  let at = 0;
  for (const { start, end } of spans) {
    parts.push(s.slice(at, start), " ".repeat(end - start));
    at = end;
  }
  parts.push(s.slice(at));
  return parts.join("");
}

/** Up to `window` characters of the line around [index, end): [before, after]. */
export function lineAround(s: string, index: number, end: number, window = 60): [string, string] {
  const from = Math.max(0, index - window);
  const before = s.slice(from, index);
  const after = s.slice(end, end + window);
  const nl = before.lastIndexOf("\n");
  const nr = after.indexOf("\n");
  return [nl >= 0 ? before.slice(nl + 1) : before, nr >= 0 ? after.slice(0, nr) : after];
}

/** Word numbers as written in posts (masculine and feminine forms). */
export const WORD_NUMBERS: Record<string, number> = {
  אחד: 1,
  אחת: 1,
  שני: 2,
  שניים: 2,
  שנים: 2,
  שתי: 2,
  שתיים: 2,
  שלוש: 3,
  שלושה: 3,
  ארבע: 4,
  ארבעה: 4,
  חמש: 5,
  חמישה: 5,
  שש: 6,
  שישה: 6,
  שבע: 7,
  שבעה: 7,
};
export const WORD_NUMBER_ALT = Object.keys(WORD_NUMBERS)
  .sort((a, b) => b.length - a.length)
  .join("|");

/**
 * A written number: `5,500`, `4.500` (dot as thousands separator), `8,000.00`, `5.5`, `75`.
 * Returns null when it is not a number at all.
 */
export function parseNumber(token: string): number | null {
  const t = token.trim();
  if (/^\d{1,3}(?:[,.]\d{3})+(?:\.\d{2})?$/.test(t)) {
    const cents = /\.\d{2}$/.test(t) && !/^\d{1,3}\.\d{3}$/.test(t);
    const whole = cents ? t.slice(0, -3) : t;
    return Number(whole.replace(/[,.]/g, ""));
  }
  if (/^\d+(?:[.,]\d+)?$/.test(t)) return Number(t.replace(",", "."));
  return null;
}
