/**
 * Flat size in square metres: `75 מ"ר` (after normalisation every `מ'ר`/`מ״ר`/`מ''ר`),
 * `75 מר`, `כ-75 מטר`, `120sqm`, `90 m2`, `(90 м)`, `גודל - 120`, `מ"ר: 65`, `Size - 136`.
 * A balcony, garden, roof or storage area is skipped, so is a room's own size in a
 * room-in-a-flat post and a distance (`200 מטר מהים`). Ranges (`60-65 מטר`) stay null.
 */
import { HE, re } from "./text.ts";

const UNIT = `(מ"ר|מ'ר|מ(?=[ \\t]*(?:$|\\n|[,.;!)]))|מר(?![${HE}])|מ'(?![${HE}])|מטר(?:ים)?(?![${HE}])|sq\\.?\\s*m(?:eters?)?|sqm|m2|m²|square\\s*met(?:er|re)s?|met(?:er|re)s?|м2|м(?![а-яА-Я])|кв\\.?\\s*м)`;
// `\s*(?:-\s*)?`, not `\s*-?\s*`: the latter splits a run of spaces every way (quadratic).
const SIZE = re(`(?<![\\d.,])(\\d{2,3}(?:\\.\\d)?)\\s*(?:-\\s*)?${UNIT}`, "giu");
const KEYED = re(
  `(?:גודל(?:\\s*הדירה)?|שטח(?:\\s*הדירה)?|מ"ר|size|שטח\\s*בנוי)\\s*[:\\-]\\s*(?:כ-?\\s*|-\\s*)?(\\d{2,3})(?![\\d.,])`,
  "giu",
);

// `כ` and `-` are words of their own: a `כ-?` beside `-` read "כ-כ-כ-" two ways per pair (exponential).
const OUTDOOR_BEFORE =
  /(מרפסת|מרפסות|גינה|גינת|חצר|גג|balcony|terrace|garden|roof|מחסן|storage|warehouse|גלריה)(?:[ \t]*(?:שמש|גג|פרטית|של|בגודל|ענקית|גדולה|:|-|\+|\(|כ|בשטח))*[ \t]*$/i;
const OUTDOOR_AFTER = /^[ \t]*(מרפסת|מרפסות|גינה|חצר|גג|balcony|balconies|terrace|garden|roof|patio)/i;
const ROOM_BEFORE = re(`(?<![${HE}])ה?חדר(?![${HE}])[^\\d\\n]{0,30}$|room[^\\d\\n]{0,20}$`, "iu");
const DISTANCE_AFTER =
  /^\s*(מה[א-ת]|מ(?:פארק|כיכר|ככר|חוף|רחוב|שוק|תחנ|קניון|אונ|נמל|רכבת|ים)|from|to\s+the|away|walk|ממ(?!"ד|ד))/i;
const DISTANCE_BEFORE = /(מרחק|במרחק|כמה|רק|walk)[^\d\n]{0,6}$/i;
const ADJECTIVE = /^\s*מה(ממת|מם|ממה)/;

function plausible(n: number): boolean {
  return n >= 15 && n <= 600;
}

export function extractSize(text: string, isRoomPost: boolean): number | null {
  const hits: { value: number; index: number }[] = [];
  for (const m of text.matchAll(SIZE)) {
    const value = Number(m[1]);
    const unit = m[2] ?? "";
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 20);
    if (/\d\s*-\s*$/.test(before)) continue;
    if (OUTDOOR_BEFORE.test(before) || OUTDOOR_AFTER.test(after)) continue;
    if (isRoomPost && ROOM_BEFORE.test(before)) continue;
    const metres = /^(מטר|met|м$)/i.test(unit);
    if (metres && !ADJECTIVE.test(after) && (DISTANCE_AFTER.test(after) || DISTANCE_BEFORE.test(before)))
      continue;
    if (plausible(value)) hits.push({ value, index: m.index });
  }
  for (const m of text.matchAll(KEYED)) {
    const value = Number(m[1]);
    if (plausible(value)) hits.push({ value, index: m.index });
  }
  hits.sort((a, b) => a.index - b.index);
  return hits[0]?.value ?? null;
}
