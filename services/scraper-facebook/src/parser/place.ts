/**
 * Neighbourhood and city.
 * - A neighbourhood only when the post names it (`בשכונת X` first, then the first other
 *   mention), unless the mention is a distance or a border (`5 דקות מפלורנטין`,
 *   `על גבול פלורנטין`). A landmark, a market or a project is not a neighbourhood (`שוק
 *   הכרמל`, `מתחם שרונה`): only a landmark whose name is itself a neighbourhood's (`כיכר
 *   המדינה`) counts, when the flat is at or near it, never "X minutes from" it. A flat in
 *   Jaffa with no named part is in the neighbourhood `יפו`.
 * - The city only as the post states it: the first city named in the text, else the
 *   Marketplace location line, and neither when the two disagree. Tel Aviv and Jaffa are
 *   one city, `תל אביב יפו`. A neighbourhood or a street alone does not state a city; the
 *   city they imply is kept apart (`impliedCity`) for the listing and the neighbourhood code.
 */
import { geoNeighborhood } from "./geo-hoods.ts";
import { HOOD_ALIASES } from "./hoods.ts";
import { HE, re } from "./text.ts";

export interface Place {
  neighborhood: string | null;
  /** The city the post states (`תל אביב יפו` for Tel Aviv and Jaffa), null when it names none. */
  city: string | null;
  /** The city as far as the post shows it: stated, or implied by a neighbourhood or street. */
  impliedCity: string | null;
  /** Set when the code is already known (a `שכונת X` found in the platform's table). */
  code?: number | null;
}

const escapeRx = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const BY_SPELLING = new Map(HOOD_ALIASES.map((a) => [a.spelling.toLowerCase(), a]));
/** Landmarks whose name is a neighbourhood's own (`כיכר המדינה`): the others name no neighbourhood. */
const NAMED_LANDMARKS = new Set(
  HOOD_ALIASES.filter(
    (a) => a.landmark && (a.name === a.spelling || a.name.endsWith(` - ${a.spelling}`)),
  ).map((a) => a.name),
);
// One pass for every spelling (the table is sorted longest first, so the alternation prefers them).
const HOOD_RX = re(
  `(?<![${HE}A-Za-z0-9'])((?:ב|וב|ל|מ|ה|ו)?(?:שכונת|שכ'|שכונה)\\s*)?([ובלמהשכ]{0,2}?)(${HOOD_ALIASES.map((a) => escapeRx(a.spelling)).join("|")})(?:(?![${HE}A-Za-z'])|(?=רחוב|רח'|דירת|קומה|להשכרה))`,
  "giu",
);

// `\s*(?:X\s*)?`, not `\s*X?\s*`, which splits a run of spaces every way (these see short windows).
const DISTANCE =
  /(דק'|דקות|דקה|דק|\d\s*מטר|minutes?|min|walk|מרחק|km|ק"מ)\s*(?:(?:הליכה|נסיעה|walk(?:ing)?|drive)\s*)?(?:(?:from|to)\s*)?$/i;
const BORDER = /(גבול|גבולות|בין)[^\n.,\d]{0,25}$/;
const NEAR =
  /(ליד|סמוך|בסמוך|בקרבת|בקירבת|קירבת|קרבת|בסביבת|סביבת|(?:קרוב|קרובה|קרובים)(?:\s+מאוד)?|צמוד|צמודה|מול|מדרחוב|near(?:\s+the)?|next\s+to(?:\s+the)?|close\s+to(?:\s+the)?)\s*(?:(?:ל|ל-)\s*)?$/i;

/** The neighbourhood, or only its city when the flat is just near it (`בסביבת יד אליהו`). */
export function extractNeighborhood(text: string): { name: string | null; city: string } | null {
  let best: { name: string; city: string; index: number; rank: number } | null = null;
  for (const m of text.matchAll(HOOD_RX)) {
    const alias = BY_SPELLING.get((m[3] ?? "").toLowerCase());
    if (!alias) continue;
    const shchuna = Boolean(m[1]);
    const prefix = m[2] ?? "";
    const before = text.slice(Math.max(0, m.index - 16), m.index);
    if (alias.onlyWithShchuna && !shchuna) continue;
    if (alias.afterPrefix && !/[בלמ]$/.test(prefix)) continue;
    if (alias.landmark && !NAMED_LANDMARKS.has(alias.name)) continue;
    if (!shchuna && (prefix.endsWith("מ") || DISTANCE.test(before) || BORDER.test(before))) continue;
    if (prefix.includes("מ") && DISTANCE.test(before)) continue;
    let rank = shchuna ? 0 : alias.landmark ? 2 : 1;
    if (!alias.landmark && !shchuna && NEAR.test(before)) rank = 3;
    // "X, landmark" lists where the flat is, unless the clause is "5 minutes from X, Y".
    const clause =
      text
        .slice(Math.max(0, m.index - 50), m.index)
        .split("\n")
        .pop() ?? "";
    const listed =
      /(?:על|[,-])\s*$/.test(before) && !/(דק|דקות|דקה|מטר|minutes?|walk|הליכה|קרוב|close|near)/.test(clause);
    if (alias.landmark && !(prefix.startsWith("ב") || NEAR.test(before) || listed)) continue;
    if (!best || rank < best.rank || (rank === best.rank && m.index < best.index)) {
      best = { name: alias.name, city: alias.city, index: m.index, rank };
    }
  }
  if (!best) return null;
  return best.rank < 3 ? { name: best.name, city: best.city } : { name: null, city: best.city };
}

const CITIES: [RegExp, string][] = [
  [
    /תל[\s-]?אביב|(?<![א-ת])[ובלמ]{0,2}ת"א|(?<![א-ת])תא(?![א-ת])|tel[\s-]?aviv|(?<![A-Za-z])tlv(?![A-Za-z])|тель[\s-]?авив/i,
    "תל אביב",
  ],
  [/(?<![א-ת])(?<!(?:דרך|שדרות|שד'|רחוב|רח')\s)[בול]?יפו(?![א-ת])|jaffa|(?<![A-Za-z])yafo|яффо/i, "יפו"],
  [/רמת[\s-]?גן|(?<![א-ת])[ובלמ]{0,2}ר"ג|ramat[\s-]?gan|рамат[\s-]?ган/i, "רמת גן"],
  [/גבעתיים|givatayim|givataim/i, "גבעתיים"],
  [/(?<![א-ת])[בול]?חולון|holon|холон/i, "חולון"],
  [/בת[\s-]?ים|bat[\s-]?yam|бат[\s-]?ям/i, "בת ים"],
  [/הרצליה|herzliya/i, "הרצליה"],
  [/רמת[\s-]?השרון/i, "רמת השרון"],
  [/ראשון[\s-]?לציון|rishon/i, "ראשון לציון"],
  [/פתח[\s-]?תקו?וה/i, "פתח תקווה"],
  [/בני[\s-]?ברק/i, "בני ברק"],
  [/אור[\s-]?יהודה/i, "אור יהודה"],
  [/(?<![א-ת])[בול]?נתניה|netanya/i, "נתניה"],
  [/כפר[\s-]?סבא|kfar[\s-]?saba/i, "כפר סבא"],
  [/(?<![א-ת])[בול]?רעננה|raanana|ra'anana/i, "רעננה"],
  [/הוד[\s-]?השרון/i, "הוד השרון"],
  [/קרית[\s-]?אונו|קריית[\s-]?אונו/i, "קרית אונו"],
  [/גבעת[\s-]?שמואל/i, "גבעת שמואל"],
  [/(?<![א-ת])[בול]?רחובות(?![א-ת])|rehovot/i, "רחובות"],
  [/(?<![א-ת])[בול]?אשדוד|ashdod/i, "אשדוד"],
  [/(?<![א-ת])[בול]?חיפה|haifa/i, "חיפה"],
  [/באר[\s-]?שבע|beer[\s-]?sheva/i, "באר שבע"],
  [/(?<![א-ת])(?<!(?:שדרות|שד'|רחוב|רח'|דרך)\s)[בול]?ירושלים(?![א-ת])|jerusalem/i, "ירושלים"],
];
const TEL_AVIV_YAFO = /תל[\s-]?אביב[\s-]*(ו)?יפו|ת"א[\s-]*יפו|tel[\s-]?aviv[\s-]*(-\s*)?yafo/gi;

/**
 * The first city named in the text. "תל אביב-יפו" is Tel Aviv; Jaffa is "יפו" when the
 * post puts the flat there (`ביפו`, `יפו ד'`), even if it also writes Tel Aviv.
 */
export function extractCity(text: string): string | null {
  // "על גבול יפו" (on Jaffa's border) does not put the flat in Jaffa.
  const t = text
    .replace(TEL_AVIV_YAFO, (m) => "תל אביב".padEnd(m.length, " "))
    .replace(/גבול(?:ות)?\s+[^\n,.(]{0,16}/g, (m) => " ".repeat(m.length));
  if (/(?<![א-ת])ו?ביפו(?![א-ת])|(?<![א-ת])יפו\s+[גד]'|in\s+jaffa/i.test(t)) return "יפו";
  let best: { city: string; index: number } | null = null;
  for (const [rx, city] of CITIES) {
    const m = rx.exec(t);
    if (m && (!best || m.index < best.index)) best = { city, index: m.index };
  }
  return best?.city ?? null;
}

/** Places only Tel Aviv has: they name the city when the post names none. */
const TEL_AVIV_LANDMARKS =
  /כיכר\s*דיזנגוף|ככר\s*דיזנגוף|דיזנגוף\s*סנטר|כיכר\s*רבין|ככר\s*רבין|עזריאלי|גינדי\s*TLV|אקירוב|מתחם\s*החשמל|אבן\s*גבירול|דיזנגוף|דיזינגוף|בוגרשוב|פרישמן|קינג\s*ג'ורג'|ליליינבלום|שוק\s*לוינסקי|סבידור|שוק\s*הכרמל|כיכר\s*מלכי\s*ישראל|dizengoff|gordon\s*beach|ibn\s*gabirol|allenby|ben\s*yehuda|frishman|bograshov|king\s*george|sheinkin|shenkin|ha-?yarkon|מגדלי\s*הצעירים|נמל\s*תל|dizengoff\s*(?:square|center)|rabin\s*square/i;

/** Tel Aviv and Jaffa are one city, written the way its name is written. */
const official = (city: string | null): string | null =>
  city === "תל אביב" || city === "יפו" ? "תל אביב יפו" : city;

export function extractPlace(
  text: string,
  streetKnownInTelAviv: boolean,
  marketplaceCity: string | null,
): Place {
  const hood = extractNeighborhood(text);
  const named = extractCity(text);
  const market = marketplaceCity ? extractCity(marketplaceCity) : null;
  // The city is what the post states: its text, else the Marketplace line; when the two
  // disagree, neither is sure.
  const stated = named && market && official(named) !== official(market) ? null : official(named ?? market);
  let city = named;
  if (!hood?.name) {
    const geo = geoNeighborhood(text, city);
    // Without a city word, only the product's own cities: a same-named neighbourhood in a
    // far city is a guess for a post in a Tel Aviv group.
    const home = ["תל אביב", "רמת גן", "גבעתיים"].includes(geo?.city ?? "");
    if (geo && (city ? city === geo.city || (city === "יפו" && geo.city === "תל אביב") : home)) {
      return {
        neighborhood: geo.name,
        city: stated,
        impliedCity: official(city ?? geo.city),
        code: geo.code,
      };
    }
  }
  if (!city && hood) city = hood.city;
  if (hood && city === "תל אביב" && hood.city === "יפו") city = "יפו";
  if (!city && (streetKnownInTelAviv || TEL_AVIV_LANDMARKS.test(text))) city = "תל אביב";
  if (!city && market) city = market;
  if (hood && city && city !== hood.city && !(city === "יפו" && hood.city === "תל אביב")) {
    return { neighborhood: null, city: stated, impliedCity: official(city) };
  }
  // A flat placed in Jaffa without a named part of it is in the neighbourhood Jaffa.
  const jaffa = !hood?.name && named === "יפו" ? "יפו" : null;
  return { neighborhood: hood?.name ?? jaffa, city: stated, impliedCity: official(city) };
}
