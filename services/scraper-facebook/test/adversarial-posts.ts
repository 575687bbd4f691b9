/**
 * Post texts built to make a backtracking regex work super-linearly: long runs of what one
 * quantifier eats followed by what makes the match fail, a trigger word repeated so every
 * occurrence rescans the rest, and seeded random mixes of the parser's own tokens. Each
 * generator gives a text of exactly `n` characters, so a test can double `n` and compare.
 */

import { seeded } from "@dirabot/platform/testing";

export { seeded };

const fill = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
/** `head`, then `unit` repeated up to `n` characters, then `tail` (which a failing match needs). */
const run = (head: string, unit: string, tail: string, n: number) =>
  head + fill(unit, Math.max(0, n - head.length - tail.length)) + tail;

/** Words and marks the parser's patterns are keyed on (triggers, units, currencies, separators). */
const TRIGGERS = [
  "קומה",
  "קומת",
  "שכונת",
  "ברחוב",
  "רחוב",
  "כניסה",
  "החל",
  "חודש",
  "מ-1.1",
  "מחיר",
  'שכ"ד',
  "ליד",
  "דק",
  "שטח:",
  "גודל:",
  "מרפסת",
  "ללא",
  "נשאר",
  "מחפש",
  "מציעים",
  "חדר",
  "חדרים:",
  "דירת",
  "ועד",
  "מה",
  "על",
  "₪",
  "+",
  "+972",
  "972",
  "05",
  "0",
  "5",
  "12",
  "1.1",
  "floor",
  "from",
  "entry",
  "available",
  "jan",
  "on",
  "St",
  "no",
  "per",
  "a",
  "этаж",
  "заезд",
  "·",
];
const TOKENS = [
  ...TRIGGERS,
  " ",
  "  ",
  "\n",
  "\t",
  "-",
  ".",
  ",",
  "/",
  ":",
  "(",
  ")",
  "'",
  '"',
  "*",
  "#",
  "א",
  "ב",
  "ה",
  "ו",
  "ל",
  "מ",
  "ש",
  "חדרים",
  "חד'",
  'מ"ר',
  'ש"ח',
  "מטר",
  "להשכרה",
  "תיווך",
  "נכסים",
  "וחצי",
  "k",
  "m2",
  "rooms",
  "bedrooms",
  "Street",
  "Dizengoff",
  "may",
  "5th",
  "2021",
  "052-555-3101",
];

export type Generator = (n: number) => string;

export function adversarialPosts(): Record<string, Generator> {
  const g: Record<string, Generator> = {
    // Digits and phone-shaped runs.
    "100k digits": (n) => fill("0", n),
    "digit 5s": (n) => fill("5", n),
    "repeated 05": (n) => fill("05", n),
    "repeated 972": (n) => fill("972", n),
    "repeated +972 and spaces": (n) => fill("+972 ", n),
    "digits and spaces": (n) => fill("0 ", n),
    "digits and dashes": (n) => fill("0-", n),
    "digits and dots": (n) => fill("0.", n),
    "digits and two separators": (n) => fill("0 -", n),
    "digits, spaces, dashes, dots": (n) => fill("05 -.1", n),
    "every phone valid": (n) => fill("052-555-3101 ", n),
    "spaced phones": (n) => fill("0 5 2 5 5 5 3 1 0 1 ", n),
    "thousands separators": (n) => fill("1,000", n),
    "dotted numbers": (n) => fill("1.1.", n),
    "slashed numbers": (n) => fill("1/1/", n),
    "clock times": (n) => fill("1:1", n),
    "number range": (n) => fill("1 - ", n),
    "letter and digit glued": (n) => fill("א1", n),
    // Whitespace and punctuation.
    spaces: (n) => fill(" ", n),
    newlines: (n) => fill("\n", n),
    "mixed whitespace": (n) => fill(" \n\t", n),
    "shekel signs": (n) => fill("₪", n),
    "shekel and space": (n) => fill("₪ ", n),
    "nested brackets": (n) => fill("(", n / 2) + fill(")", n - Math.floor(n / 2)),
    "mixed brackets": (n) => fill("([{", n / 2) + fill("}])", n - Math.floor(n / 2)),
    stars: (n) => fill("*", n),
    "dashes and spaces": (n) => fill("- ", n),
    gershayim: (n) => fill('"', n),
    gereshes: (n) => fill("'", n),
    "middle dots": (n) => fill("· ", n),
    // Letters.
    "one Hebrew letter": (n) => fill("א", n),
    "Hebrew letters and spaces": (n) => fill("א ", n),
    "Hebrew lines": (n) => fill("אבג\n", n),
    "Latin letters": (n) => fill("a", n),
    "Latin words": (n) => fill("abc ", n),
    "repeated from": (n) => fill("from", n),
    "glued street word": (n) => fill("רחובהאי", n),
    "glued neighbourhood word": (n) => fill("בשכונת", n),
    "marketplace location line": (n) => run("₪5,000\n·", " ", "x", n),
    "marketplace beds line": (n) => run("₪5,000\n· תל אביב\n1 bed · 1 bath ·", " ", "x", n),
    "heading after spaces": (n) => run("\n", " ", "\nמציעים x", n),
    "long Hebrew words": (n) => hebrewWords(n, 1),
  };
  for (const seed of [1, 2, 3, 4, 5]) g[`random mix ${seed}`] = (n) => randomMix(n, seed);
  return g;
}

/**
 * Per trigger word: the word then a long run of spaces or of newlines (what a `\s*` after it
 * scans, then fails on), and the word repeated, glued or spaced (every occurrence a new start).
 */
export function triggerPosts(): Record<string, Generator> {
  const g: Record<string, Generator> = {};
  for (const t of TRIGGERS) {
    g[`${t} then spaces`] = (n) => run(t, " ", "x", n);
    g[`${t} then newlines`] = (n) => run(t, "\n", "x", n);
    g[`${t} repeated`] = (n) => fill(t, n);
    g[`${t} and space repeated`] = (n) => fill(`${t} `, n);
  }
  return g;
}

/** Long runs of Hebrew words (the neighbourhood, street and keyword alternations scan them). */
export function hebrewWords(n: number, seed: number): string {
  const words = [
    "דירה",
    "להשכרה",
    "חדרים",
    "ברחוב",
    "קומה",
    "מתפנה",
    "שכונת",
    "כניסה",
    "מחיר",
    "תיווך",
    "ליד",
    "פינת",
    "שותפים",
    "מטר",
    "בתל",
    "אביב",
    "הירקון",
    "דיזנגוף",
    "מרפסת",
    "משופצת",
  ];
  const rnd = seeded(seed);
  let s = "";
  while (s.length < n) s += `${words[Math.floor(rnd() * words.length)]}${rnd() < 0.1 ? "\n" : " "}`;
  return s.slice(0, n);
}

export function randomMix(n: number, seed: number): string {
  const rnd = seeded(seed);
  let s = "";
  while (s.length < n) s += TOKENS[Math.floor(rnd() * TOKENS.length)];
  return s.slice(0, n);
}
