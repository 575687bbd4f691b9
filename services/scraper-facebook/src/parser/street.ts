/**
 * Street, with the house number kept when one follows the name directly
 * (`ברחוב וושינגטון 31` → "וושינגטון 31"; `ברח' גורדון` → "גורדון"): the number is what
 * geocoding and duplicate linking need, and a caller splits it off with /\s\d+$/.
 * The words `רחוב`/`רח'` are dropped; `שדרות`/`סמטת` are part of the name and kept.
 * Found after a street word (`ברחוב`, `רחוב:`, `ברח'`, `ברח`, `שד'`), else a known
 * street from `streets.ts` written as a place (`בבוגרשוב`, `על קינג ג'ורג'`,
 * `הירקון 124`, `פרישמן פינת בן יהודה`).
 */
import { STREET_SPELLINGS, STREETS } from "./streets.ts";
import { HE, L, re } from "./text.ts";

const TRIGGER = re(
  `(?:${L}([ובלמ]{0,2})(רחוב|רח'|רח\\.|רח(?=\\s)|שדרות|שד'|שד\\.|סמטת|סימטת|דרך)|(?<=[${HE}])(?<![הבלמו])(?<!מד)(רחוב)(?!ות))\\s*[:\\-]?\\s*`,
  "gu",
);
const TOKEN = re(`^[${HE}][${HE}'"]*(?:-[${HE}][${HE}'"]*)?`, "u");
const STOP = new Set(
  `פינת פינה ליד סמוך בין על בתל תל ת"א בת"א ברמת בגבעתיים ביפו דירת דירה קומה להשכרה מול קרוב אזור באזור בקרבת במרכז בצפון בדרום בלב עם ממש שבין שליד בשכונת שכונת בסמוך הקרוב המוביל לכיוון לא כולל בשפע בשישי בחינם חינם חופשית חופשי באזור בכל בתשלום בכחול כחול אפור לכל בתוך בצד בשכונה בעיר בבניין של`.split(
    " ",
  ),
);
const GENERIC = new Set(
  `שקט שקטה קטן קטנה פינתי ראשי יפה ירוק ירוקה מקסים מקסימה פסטורלי צדדי הולנדי פנימי מבוקש מבוקשת ומבוקש ראשית שקט, השקט השקטה השוקק המבוקש המבוקשת המקסים המקסימה הירוק הירוקה היוקרתי המרכזי המדהים המושלם הקטן היפה הראשי הותיק החדש המתחדש התוסס הציורי הפסטורלי הנחשק השוקקת הנחשקת אלמונית הזה הזו שלנו ההיסטורי האהוב הכי אחד פינתית סואן`.split(
    " ",
  ),
);
/** Known names that are also a city, neighbourhood, landmark or common word: only after a street word. */
const AMBIGUOUS = new Set(
  `ירושלים|השלום|גאולה|הס|השוק|תל חי|בורוכוב|שלמה|הרכבת|הכרמל|נחמה|מנוחה|תשרי|הולנדי|אילת|הטייסים|עודד|בילו|פלורנטין|נווה שאנן|מונטיפיורי|חברון|יריחו|המקצוע|היצירה|רחמיאלי|ביל"ו|העלייה|העליה|יפת|בן גוריון|ויטל|לבונטין|אנגל|נחלת בנימין|עיינות|התבור|זבולון|אילת|סלמה|לסל|בית אורן`.split(
    "|",
  ),
);
const NOT_NUMBER_AFTER =
  /^[ \t]*(חדרים|חד'|חד(?![א-ת])|חדר|קומות|מ"ר|מטר|מר(?![א-ת])|ש"ח|שח|₪|דק|שנ|%|אלף|k|-\s*\d|\.\d|,\d{3}|\/\d)/i;

function houseNumber(rest: string): string | null {
  const m = /^[ \t]*(\d{1,3})(?!\d|[.,/:]\d)/.exec(rest);
  if (!m?.[1] || NOT_NUMBER_AFTER.test(rest.slice(m[0].length)) || m[1] === "0") return null;
  return m[1];
}

const HEBREW_LETTER = /^[\u05D0-\u05EA']/;
const BY_FIRST_LETTER = new Map<string, string[]>();
for (const s of STREET_SPELLINGS) {
  const list = BY_FIRST_LETTER.get(s[0] ?? "") ?? [];
  list.push(s);
  BY_FIRST_LETTER.set(s[0] ?? "", list);
}

function knownPrefix(rest: string): string | null {
  for (const s of BY_FIRST_LETTER.get(rest[0] ?? "") ?? []) {
    if (rest.startsWith(s) && !HEBREW_LETTER.test(rest.slice(s.length))) return s;
  }
  return null;
}

function withNumber(name: string, rest: string): string {
  const n = houseNumber(rest);
  return n ? `${name} ${n}` : name;
}

function fromTrigger(trigger: string, rest: string): string | null {
  const known = knownPrefix(rest);
  const isBoulevard = trigger.startsWith("שד");
  const isAlley = trigger.startsWith("סמטת") || trigger.startsWith("סימטת");
  if (trigger === "דרך") {
    const road = knownPrefix(`דרך ${rest}`);
    return road ? withNumber(STREETS.get(road) ?? road, `${rest}`.slice(road.length - 4)) : null;
  }
  let name: string;
  let tail: string;
  if (known) {
    name = STREETS.get(known) ?? known;
    tail = rest.slice(known.length);
  } else {
    const words: string[] = [];
    let pos = 0;
    for (let i = 0; i < 2; i++) {
      const gap = i === 0 ? "" : / ?/.exec(rest.slice(pos))?.[0];
      if (gap === undefined || (i > 0 && gap === "")) break;
      const t = TOKEN.exec(rest.slice(pos + gap.length));
      const word = t?.[0].replace(/"$/, "");
      if (!word || STOP.has(word) || GENERIC.has(word) || GENERIC.has(word.replace(/^[בו]/, ""))) break;
      words.push(word);
      pos += gap.length + (t?.[0].length ?? 0);
    }
    if (words.length === 0) return null;
    // "הרחוב האטרקטיבי", "רחוב הראשי": an adjective, not a name.
    if (words.length === 1 && /^ה[א-ת]+(?:י|ית)$/.test(words[0] ?? "")) return null;
    name = words.join(" ");
    tail = rest.slice(pos);
  }
  if (isBoulevard && !name.startsWith("שדרות")) name = `שדרות ${name}`;
  if (isAlley) name = `${trigger} ${name}`;
  return withNumber(name, tail);
}

const NEAR_BEFORE = /(כיכר|ככר|שוק|מתחם|ליד|סמוך ל|קרוב ל|בקרבת|פינת|בין|מגדל|מגדלי|גבול)\s*-?\s*$/;
const CITY_AFTER = /^\s*,?\s*(תל[\s-]?אביב|ת"א|רמת[\s-]?גן|גבעתיים|יפו)/;
const AFTER_PLACE = /^\s*(\d{1,3}(?!\d|[.,/:]\d)|פינת|\/|-\s*[א-ת]|,|\||\(|\)|\.|\n|$)/;

// One pass over the text for every known name (longest spellings first in the alternation).
const KNOWN_RX = re(
  `(?<![${HE}A-Za-z0-9'])(על\\s+|ו?ב)?(${STREET_SPELLINGS.filter((s) => !AMBIGUOUS.has(s)).join("|")})(?![${HE}'])`,
  "gu",
);

// "בחשמונאים" is ב + "החשמונאים" with the article dropped; only after a prefix letter.
const DROPPED_ARTICLE = new Map(
  STREET_SPELLINGS.filter((s) => s.startsWith("ה") && s.length > 4 && !AMBIGUOUS.has(s)).map((s) => [
    s.slice(1),
    s,
  ]),
);
const DROPPED_RX = re(
  `(?<![${HE}A-Za-z0-9'])[בלו](${[...DROPPED_ARTICLE.keys()].join("|")})(?![${HE}'])`,
  "gu",
);
// A name that is also a neighbourhood or a common word is a street when a house number follows.
const NUMBERED_RX = re(
  `(?<![${HE}A-Za-z0-9'])(?:[בו]{1,2})?(${STREET_SPELLINGS.filter((s) => AMBIGUOUS.has(s)).join("|")})(?=\\s?\\d{1,3}(?!\\d|[.,/:]\\d))`,
  "gu",
);

function fromKnown(text: string): { name: string; index: number } | null {
  let best: { name: string; index: number } | null = null;
  for (const m of text.matchAll(KNOWN_RX)) {
    const spelling = m[2] ?? "";
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (NEAR_BEFORE.test(before) || /^\s*(סנטר|center)/i.test(rest)) continue;
    const lineStart = m.index === 0 || /(?:\n|[.!:])\s*[-*•]?\s*$/.test(before);
    const listed = /(?:[,|-]|\()\s*$/.test(before) && AFTER_PLACE.test(rest);
    const corner = /^\s*(פינת|\/\s*[א-ת])/.test(rest) || CITY_AFTER.test(rest);
    if (!m[1] && !lineStart && !houseNumber(rest) && !listed && !corner) continue;
    best = { name: withNumber(STREETS.get(spelling) ?? spelling, rest), index: m.index };
    break;
  }
  for (const rx of [DROPPED_RX, NUMBERED_RX]) {
    for (const m of text.matchAll(rx)) {
      if (best && m.index >= best.index) break;
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      if (NEAR_BEFORE.test(before)) continue;
      const found = m[1] ?? "";
      const spelling = rx === DROPPED_RX ? (DROPPED_ARTICLE.get(found) ?? found) : found;
      const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
      best = { name: withNumber(STREETS.get(spelling) ?? spelling, rest), index: m.index };
      break;
    }
  }
  return best;
}

const ENGLISH = [
  /(?:[Ss]treet|[Ss]t\.?|[Aa]ddress|[Aa]dress)\s*:\s*([A-Z][a-z']+(?:[ -][A-Z][a-z']+)?)(?:\s+(\d{1,3})(?!\d))?/,
  /(?<!(?:near|to|off|from|by)\s+)(?<![A-Za-z])([A-Z][a-z']+(?:[ -][A-Z][a-z']+)?)\s+(?:St\.?|Street|Blvd\.?|Boulevard)(?![a-z])/,
];

/** A name found without a number gets the number the post gives it elsewhere (`(הירקון 124)`). */
function numbered(name: string | null, text: string): string | null {
  if (!name || /\d$/.test(name) || /[^א-ת'" ]/.test(name)) return name;
  const m = re(`(?<![${HE}])[בו]?${name}\\s?(\\d{1,3})(?!\\d|[.,/:]\\d)`, "u").exec(text);
  return m?.[1] && !NOT_NUMBER_AFTER.test(text.slice(m.index + m[0].length)) ? `${name} ${m[1]}` : name;
}

export function extractStreet(text: string): string | null {
  return numbered(findStreet(text), text);
}

function findStreet(text: string): string | null {
  let road: { name: string; index: number } | null = null;
  for (const m of text.matchAll(TRIGGER)) {
    const trigger = m[2] ?? m[3] ?? "";
    // "לרחוב X" / "מרחוב X" (to, from) and "ליד/פינת/בין X" name another street than the flat's.
    if (
      /[למ]/.test(m[1] ?? "") ||
      /(?:בין|פינת|ליד|סמוך|מול)\s*$/.test(text.slice(Math.max(0, m.index - 8), m.index))
    )
      continue;
    const street = fromTrigger(trigger, text.slice(m.index + m[0].length));
    if (!street) continue;
    if (trigger !== "דרך") return street;
    road ??= { name: street, index: m.index };
  }
  const known = fromKnown(text);
  if (known && (!road || known.index < road.index)) return known.name;
  if (road) return road.name;
  for (const rx of ENGLISH) {
    const m = rx.exec(text);
    if (m?.[1]) return m[2] ? `${m[1]} ${m[2]}` : m[1];
  }
  return null;
}
