/**
 * One spelling for a Hebrew place name, so that the names Yad2, the municipalities and people
 * write for the same neighbourhood compare equal. It only removes variation that never changes
 * which place is meant (marks, quote styles, plene spellings, punctuation); it never drops
 * words, so two different places stay different. Used both by the build (scripts/geo) and at
 * run time, so the keys always agree.
 */
const MARKS = /[\u0591-\u05C7]/g; // cantillation and niqqud (points, dagesh, shin/sin dots)
const QUOTES = /["'`\u05F3\u05F4\u2018\u2019\u201C\u201D\u201E\u00B4]/g; // geresh, gershayim and look-alikes
// Maqaf, paseq, sof pasuq, dashes, brackets…: word separators. Replaced before the marks are
// dropped, since the maqaf sits inside the marks' block and would otherwise glue words together.
const PUNCTUATION = /[-\u05BE\u05C0\u05C3\u2010-\u2015\u2212_.,;:!?()[\]{}/\\|+*&]/g;
// Plene spellings: "קריית"/"קרית", "נווה"/"נוה", "שיינקין"/"שינקין". A doubled yod or vav never
// carries a difference of place in names.
const DOUBLE_YOD = /\u05D9\u05D9+/g;
const DOUBLE_VAV = /\u05D5\u05D5+/g;

export function normalizeHebrew(s: string): string {
  return s
    .normalize("NFKD") // presentation forms (e.g. U+FB35 vav with dagesh) become letter + mark
    .replace(PUNCTUATION, " ")
    .replace(MARKS, "")
    .replace(QUOTES, "")
    .replace(DOUBLE_YOD, "\u05D9")
    .replace(DOUBLE_VAV, "\u05D5")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
