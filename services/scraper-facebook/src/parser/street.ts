/**
 * Street, with the house number kept when one follows the name directly
 * (`ברחוב וושינגטון 31` → "וושינגטון 31"; `ברח' גורדון` → "גורדון"): the number is what
 * geocoding and duplicate linking need, and a caller splits it off with /\s\d+$/.
 * The words `רחוב`/`רח'` are dropped; `שדרות`/`סמטת` are part of the name and kept.
 * Found after a street word (`ברחוב`, `רחוב:`, `ברח'`, `ברח`, `שד'`), where the gazetteer
 * tells where the name ends; else a well-known street from `streets.ts` written as a place
 * (`בבוגרשוב`, `על קינג ג'ורג'`, `הירקון 124`, `פרישמן פינת בן יהודה`); else an English
 * name the gazetteer knows, given in Hebrew (`on Balfour` → `בלפור`).
 */
import { NOT_NUMBER_AFTER, withNumber } from "./house-number.ts";
import { fromKnown, knownPrefix } from "./known-street.ts";
import { hebrewStreet } from "./streets.ts";
import { HE, L, re } from "./text.ts";

const TRIGGER = re(
  `(?:${L}([ובלמ]{0,2})(רחוב|רח'|רח\\.|רח(?=\\s)|שדרות|שד'|שד\\.|סמטת|סימטת|דרך)|(?<=[${HE}])(?<![הבלמו])(?<!מד)(רחוב)(?!ות))\\s*(?:[:\\-]\\s*)?`,
  "gu",
);
/** Characters after a street word that can hold its name and house number. */
const NAME_WINDOW = 80;
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
function fromTrigger(trigger: string, rest: string): string | null {
  const known = knownPrefix(rest);
  const isBoulevard = trigger.startsWith("שד");
  const isAlley = trigger.startsWith("סמטת") || trigger.startsWith("סימטת");
  if (trigger === "דרך") {
    const road = knownPrefix(`דרך ${rest}`);
    return road ? withNumber(road, `${rest}`.slice(road.length - 4)) : null;
  }
  let name: string;
  let tail: string;
  if (known) {
    name = known;
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

/**
 * Streets in English posts, given by their Hebrew name from the gazetteer (an English name it
 * does not know is left out rather than guessed): "on/at X" (`on Ibn Gabirol`), `Street: X`,
 * `X St.`. "On X" is tried with three, two, then one capitalised word, so `on Ben Yehuda Tower`
 * finds `Ben Yehuda`, and is dropped when a place word follows (`Gordon Beach`).
 */
const ENGLISH_ON = /(?<![A-Za-z])(?:on|at)\s+(?:the\s+)?([A-Z][A-Za-z']*(?:[ -][A-Z][A-Za-z']*){0,2})/g;
const ENGLISH = [
  /(?:[Ss]treet|[Ss]t\.?|[Aa]ddress|[Aa]dress)\s*:\s*([A-Z][A-Za-z']+(?:[ -][A-Z]?[a-z']+){0,2})(?:\s+(\d{1,3})(?!\d))?/,
  // The "near X St." look-behind runs only where a capitalised word starts: placed first, it
  // scanned back over a whole run of spaces from each position in it (quadratic).
  /(?<![A-Za-z])(?=[A-Z])(?<!(?:near|to|off|from|by)\s+)([A-Z][A-Za-z']+(?:[ -][A-Z][a-z']+)?)\s+(?:St\.?|Street|Blvd\.?|Boulevard)(?![a-z])/,
];
const PLACE_AFTER = /^\s*(?:Tower|Beach|Center|Centre|Square|Market|Mall|Park|Port)/;

function englishOn(text: string): string | null {
  for (const m of text.matchAll(ENGLISH_ON)) {
    const words = (m[1] ?? "").split(/[ -]/);
    for (let n = words.length; n > 0; n--) {
      const name = words.slice(0, n).join(" ");
      const hebrew = hebrewStreet(name);
      if (!hebrew) continue;
      const end = m.index + m[0].indexOf(m[1] ?? "") + words.slice(0, n).join(" ").length;
      const after = text.slice(end, end + 12);
      if (PLACE_AFTER.test(after)) break;
      const num = /^\s+(\d{1,3})(?!\d)/.exec(after)?.[1];
      return num ? `${hebrew} ${num}` : hebrew;
    }
  }
  return null;
}

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
      /(?:בין|פינת|ליד|סמוך|מול|קרוב|בקרבת)[^\n(]{0,20}$/.test(text.slice(Math.max(0, m.index - 24), m.index))
    )
      continue;
    // A name and its number fit in a short window; the rest of the post would be rescanned
    // from every trigger word (quadratic when they are thousands of glued `רחוב`s).
    const start = m.index + m[0].length;
    const street = fromTrigger(trigger, text.slice(start, start + NAME_WINDOW));
    if (!street) continue;
    if (trigger !== "דרך") return street;
    road ??= { name: street, index: m.index };
  }
  const known = fromKnown(text);
  if (known && (!road || known.index < road.index)) return known.name;
  if (road) return road.name;
  for (const rx of ENGLISH) {
    const m = rx.exec(text);
    const hebrew = m?.[1] ? hebrewStreet(m[1]) : null;
    if (hebrew) return m?.[2] ? `${hebrew} ${m[2]}` : hebrew;
  }
  return englishOn(text);
}
