/**
 * Hebrew place names in Latin letters, the way Israeli signs and sites usually write them
 * (ש sh, צ tz, ח ch, כ kh, initial ב b / else v, initial פ p / else f, ו and י as vowels between
 * consonants). Hebrew leaves most vowels unwritten, so the result is a readable guess, not a
 * pronunciation: the well-known places get reviewed English names (scripts/geo/aliases), and the
 * search compares consonant skeletons (placeKey), which the missing vowels do not change.
 */

const MARKS = /[\u0591-\u05C7]/g;
const GERESH = /['\u05F3\u2019]/;
const GERSHAYIM = /["\u05F4\u201D]/g;
const CONSONANT = /[בגדהזחטכךלמםנןסעפףצץקרשתא]/;

/** The letters a geresh turns into another sound (ג'סי, ז'בוטינסקי, צ'רניחובסקי). */
const WITH_GERESH: Record<string, string> = { ג: "j", ז: "zh", צ: "ch", ת: "t", ח: "kh" };

function letter(word: string, i: number): string {
  const c = word[i] as string;
  const prev = word[i - 1];
  const next = word[i + 1];
  const first = i === 0;
  const last = i === word.length - 1;
  switch (c) {
    case "א":
    case "ע":
      if (next === "ו" || next === "י") return "";
      if (first) return "a";
      return prev && CONSONANT.test(prev) && next && CONSONANT.test(next) ? "a" : "";
    case "ב":
      return first ? "b" : "v";
    case "ג":
      return "g";
    case "ד":
      return "d";
    case "ה":
      if (first) return next === "ו" || next === "י" ? "h" : "ha"; // the article, mostly
      return last ? "a" : "h";
    case "ו":
      if (next === "ו") return "";
      if (prev === "ו") return "v";
      if (first) return "v";
      return "o";
    case "ז":
      return "z";
    case "ח":
      return "ch";
    case "ט":
    case "ת":
      return "t";
    case "י":
      if (next === "י") return "";
      if (prev === "י") return last ? "i" : "y";
      if (first) return "y";
      if (prev === "א" || prev === "ע") return i === 1 ? "ei" : "i";
      return "i";
    case "כ":
      return first ? "k" : "kh";
    case "ך":
      return "kh";
    case "ל":
      return "l";
    case "מ":
    case "ם":
      return "m";
    case "נ":
    case "ן":
      return "n";
    case "ס":
      return "s";
    case "פ":
      return first ? "p" : "f";
    case "ף":
      return "f";
    case "צ":
    case "ץ":
      return "tz";
    case "ק":
      return "k";
    case "ר":
      return "r";
    case "ש":
      return "sh";
    default:
      return c;
  }
}

const VOWEL = /[aeiou]/;

/** Words of place names whose vowels the letters do not give, as Israelis write them. */
const WORDS: Record<string, string> = {
  נוה: "neve",
  נווה: "neve",
  קרית: "kiryat",
  רמת: "ramat",
  גבעת: "givat",
  שכונת: "shkhunat",
  שכונה: "shkhuna",
  שיכון: "shikun",
  כפר: "kfar",
  תל: "tel",
  הר: "har",
  עין: "ein",
  בית: "beit",
  נאות: "neot",
  גני: "ganei",
  גן: "gan",
  מרכז: "merkaz",
  העיר: "hair",
  אזור: "azor",
  צפון: "tzafon",
  דרום: "darom",
  מזרח: "mizrach",
  מערב: "maarav",
  החדשה: "hachadasha",
  הישנה: "hayeshana",
  יפו: "yafo",
  פארק: "park",
};

/** One Hebrew word; a word of two consonants at its start gets an "e" between them (שכונה Shekhuna). */
function word(w: string): string {
  if (!/[\u05D0-\u05EA]/.test(w)) return w;
  const known = WORDS[w.replace(/\u05D9\u05D9/g, "\u05D9")] ?? WORDS[w];
  if (known) return known;
  // An acronym (ת"א, רש"ל) keeps its letters: no vowels to guess.
  const acronym = GERSHAYIM.test(w);
  const letters = w.replace(GERSHAYIM, "");
  let out = "";
  for (let i = 0; i < letters.length; i++) {
    const c = letters[i] as string;
    if (GERESH.test(c)) continue;
    if (GERESH.test(letters[i + 1] ?? "") && WITH_GERESH[c]) {
      out += WITH_GERESH[c];
      continue;
    }
    out += letter(letters, i);
  }
  if (!acronym) {
    // Two consonants at the start that no Latin word begins with: an unwritten e between them.
    const head = /^(sh|ch|kh|tz)/.exec(out)?.[1] ?? out.slice(0, 1);
    const rest = out.slice(head.length);
    if (!VOWEL.test(head) && /^(sh|ch|kh|tz|[bvgdztkmnsfpy])/.test(rest)) out = `${head}e${rest}`;
  }
  return out;
}

const title = (w: string) => (w ? (w[0] as string).toUpperCase() + w.slice(1) : w);

/** A Hebrew name in Latin letters, each word capitalised; digits and punctuation kept. */
export function transliterate(hebrew: string): string {
  return hebrew
    .normalize("NFC")
    .replace(MARKS, "")
    .split(/(\s+|[-,;()./]+)/)
    .map((part) => title(word(part)))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The name without the article on its words (התקווה → תקווה), for the keys: people write
 * "Tikva" as often as "HaTikva". Undefined when no word has one.
 */
export function withoutArticle(hebrew: string): string | undefined {
  const out = hebrew
    .split(/\s+/)
    .map((w) => (w.length > 3 && w.startsWith("ה") ? w.slice(1) : w))
    .join(" ");
  return out === hebrew ? undefined : out;
}
