/**
 * Floor, an integer with ground = 0: `קומה 2`, `בקומה 3`, `קומה: 4`, `קומה 2 מתוך 4`, `קומה 4/4`,
 * `קומה שלישית`, `קומת קרקע` / `דירת קרקע` / `פרטר` = 0, `3rd floor`, `Floor: 2`,
 * `ground floor`, `5 этаж`. `קומה` is matched even glued to the previous word
 * (`מ'רקומה 5`). A basement and a half floor (`קומה 1.5`) have no whole floor to give:
 * null, as are `קומות` (a count of floors), `קומה גבוהה` and `קומה אחרונה`.
 */
import { HE, L, re } from "./text.ts";

const ORDINALS: Record<string, number> = {
  ראשונה: 1,
  שנייה: 2,
  שניה: 2,
  שלישית: 3,
  רביעית: 4,
  חמישית: 5,
  שישית: 6,
  שביעית: 7,
  שמינית: 8,
  תשיעית: 9,
  עשירית: 10,
  קרקע: 0,
  הקרקע: 0,
};
const ORD_ALT = Object.keys(ORDINALS).join("|");

const PATTERNS: { rx: RegExp; value: (m: RegExpMatchArray) => number | null }[] = [
  {
    // `\s*(?:[:-]\s*)?`, not `\s*[:-]?\s*`: the latter splits a run of spaces every way (quadratic).
    rx: re(`קומה(?![${HE}])\\s*(?:[:\\-]\\s*)?(-?\\d{1,2}(?:\\.5)?)(?![\\d])`, "gu"),
    value: (m) => (m[1]?.endsWith(".5") ? null : Number(m[1])),
  },
  // A basement or semi-basement: there is a floor word, but no floor number to give.
  { rx: re(`(?:קומה|קומת)(?![${HE}])\\s*(?:[:\\-]\\s*)?ה?(?:מרתף|חצי)(?![${HE}])`, "gu"), value: () => null },
  {
    rx: re(`(?:קומה|קומת)(?![${HE}])\\s*(?:[:\\-]\\s*)?ה?(${ORD_ALT})(?![${HE}])`, "gu"),
    value: (m) => ORDINALS[m[1] ?? ""] ?? null,
  },
  { rx: re(`${L}(?:דירת|בדירת)\\s+(?:גן\\s+|גג\\s+)?(קרקע|פרטר)(?![${HE}])`, "gu"), value: () => 0 },
  { rx: re(`${L}(?:קומת|בקומת)\\s+(?:ה)?(פרטר|כניסה)(?![${HE}])`, "gu"), value: () => 0 },
  { rx: re(`${L}(?<!חצי\\s)פרטר(?![${HE}])`, "gu"), value: () => 0 },
  { rx: /(?<![\d.])(\d{1,2})\s*(?:(?:st|nd|rd|th)\s*)?floor/gi, value: (m) => Number(m[1]) },
  { rx: /floor\s*(?:[:-]\s*)?(\d{1,2})(?!\d)/gi, value: (m) => Number(m[1]) },
  { rx: /ground\s*floor|first\s*floor/gi, value: (m) => (/first/i.test(m[0]) ? 1 : 0) },
  {
    rx: /(\d{1,2})\s*(?:-\s*)?(?:й\s*)?этаж|этаж\s*(?:[:-]\s*)?(\d{1,2})/gi,
    value: (m) => Number(m[1] ?? m[2]),
  },
];

export function extractFloor(text: string): number | null {
  // The first floor word wins, even one that gives no number (a basement is not the next floor named).
  let best: { value: number | null; index: number } | null = null;
  for (const { rx, value } of PATTERNS) {
    for (const m of text.matchAll(rx)) {
      const v = value(m);
      if (v !== null && (Number.isNaN(v) || v < 0 || v > 60)) continue;
      if (!best || m.index < best.index) best = { value: v, index: m.index };
      break;
    }
  }
  return best?.value ?? null;
}
