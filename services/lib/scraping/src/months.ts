// The months' names as listings and Facebook write them, one table for every reader.

/** Hebrew month names to their number (1–12), January first; March in both spellings (מרץ, מרס). */
export const HEBREW_MONTHS: Readonly<Record<string, number>> = {
  ינואר: 1,
  פברואר: 2,
  מרץ: 3,
  מרס: 3,
  אפריל: 4,
  מאי: 5,
  יוני: 6,
  יולי: 7,
  אוגוסט: 8,
  ספטמבר: 9,
  אוקטובר: 10,
  נובמבר: 11,
  דצמבר: 12,
};

/** English months by their first three letters, lower case, January first (index + 1 = number). */
export const ENGLISH_MONTHS: readonly string[] = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sep",
  "oct",
  "nov",
  "dec",
];
