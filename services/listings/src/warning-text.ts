/**
 * The text rules of a listing's warnings: a post that asks for money before anyone
 * has seen the flat, and an owner who says they are abroad and will send the keys — the two
 * stories rental scams in Facebook groups tell. Hebrew and English.
 *
 * Linear time on any input: the text is normalised and cut into sentences and words with single
 * character classes (no nested or overlapping quantifiers), and every rule is a fixed number of
 * passes over the words of one sentence, each word looked up in a Set.
 */

/** Letters Hebrew glues to a word: and, in, to, the, that, from, as. */
const PREFIXES = new Set(["ו", "ב", "ל", "ה", "ש", "מ", "כ"]);

/** The word and what it is without one or two Hebrew prefix letters ("ולהעביר" → "להעביר", "העביר"). */
function forms(word: string): string[] {
  const out = [word];
  for (let i = 0; i < 2 && i < word.length - 2 && PREFIXES.has(word[i] as string); i++)
    out.push(word.slice(i + 1));
  return out;
}
const isAny = (word: string | undefined, set: Set<string>) =>
  word !== undefined && forms(word).some((f) => set.has(f));

/**
 * Sentences of lowercased words. Hebrew gershayim and the typographic quotes become `"` and `'`
 * and stay inside a word (חו״ל, i’m), a quote around a word is dropped.
 */
export function sentences(text: string): string[][] {
  const plain = text
    .toLowerCase()
    .replace(/[״“”„]/g, '"')
    .replace(/[׳‘’`]/g, "'")
    .replaceAll("''", '"');
  return plain
    .split(/[.!?;\n\r•|]/)
    .map((s) =>
      s
        .split(/[^\p{L}\p{N}"']/u)
        .map((w) => trimQuotes(w))
        .filter((w) => w !== ""),
    )
    .filter((s) => s.length > 0);
}

function trimQuotes(w: string): string {
  let a = 0;
  let b = w.length;
  while (a < b && (w[a] === '"' || w[a] === "'")) a++;
  while (b > a && (w[b - 1] === '"' || w[b - 1] === "'")) b--;
  return w.slice(a, b);
}

/** Whether `b` comes within `span` words after an `a` (both by set, prefixes allowed). */
function followedBy(words: string[], a: Set<string>, b: Set<string>, span: number): boolean {
  let last = -Infinity;
  for (let i = 0; i < words.length; i++) {
    if (i - last <= span && isAny(words[i], b)) return true;
    if (isAny(words[i], a)) last = i;
  }
  return false;
}

/** Whether an `a` and a `b` stand within `span` words of each other, in either order. */
function near(words: string[], a: Set<string>, b: Set<string>, span: number): boolean {
  return followedBy(words, a, b, span) || followedBy(words, b, a, span);
}
const has = (words: string[], set: Set<string>) => words.some((w) => isAny(w, set));
/** Whether the words hold this phrase (exact words, in order). */
function phrase(words: string[], p: string[]): boolean {
  for (let i = 0; i + p.length <= words.length; i++) if (p.every((w, j) => words[i + j] === w)) return true;
  return false;
}
const anyPhrase = (words: string[], ps: string[][]) => ps.some((p) => phrase(words, p));

// ── Money before a viewing ─────────────────────────────────────────────────────────────────────

/** Money asked for: a deposit, a transfer, a payment (bare forms; Hebrew prefixes are allowed). */
const MONEY = new Set([
  "מקדמה",
  "מקדמות",
  "פיקדון",
  "פקדון",
  "רצינות",
  "העברה",
  "העברת",
  "להעביר",
  "תעביר",
  "תעבירו",
  "תעבירי",
  "לשלם",
  "תשלום",
  "תשלם",
  "תשלמו",
  "כסף",
  "deposit",
  "deposits",
  "transfer",
  "wire",
  "pay",
  "payment",
  "money",
  "advance",
  "upfront",
]);
/** Payment apps: money by themselves. English "bit" only after a word that makes it the app. */
const APPS = new Set(["ביט", "פייבוקס", "פיבוקס", "paybox", "paypal"]);
const BIT_BEFORE = new Set(["via", "by", "on", "through", "using", "with", "in"]);
const BEFORE = new Set(["לפני", "before", "prior"]);
/** What "before" must lead to: seeing the flat (not signing, not moving in). */
const VIEWING = new Set([
  "צפייה",
  "צפיה",
  "הצפייה",
  "הצפיה",
  "לראות",
  "שתראו",
  "שתראי",
  "שתראה",
  "שרואים",
  "שראיתם",
  "שראית",
  "ביקור",
  "שתבואו",
  "שתבוא",
  "שנפגש",
  "פגישה",
  "viewing",
  "viewings",
  "view",
  "seeing",
  "see",
  "visit",
  "visiting",
  "showing",
  "tour",
]);
/** "To hold it": money that reserves a flat nobody has seen. */
const HOLD = [
  ["to", "hold"],
  ["hold", "it"],
  ["to", "reserve"],
  ["reserve", "it"],
  ["to", "secure"],
  ["secure", "it"],
];
const HOLD_HE = new Set(["לשריין", "שריון", "לשמור", "שמירת"]);
/** "Never pay before…", "אין צורך בתשלום…": the money is refused, not asked for. */
const NOT = new Set(["never", "don't", "dont", "no", "not", "אין", "אל", "לא"]);
const UNSEEN = [
  ["without", "seeing"],
  ["sight", "unseen"],
  ["בלי", "לראות"],
  ["ללא", "צפייה"],
  ["בלי", "צפייה"],
];

/** A refusing word (as written: "ללא" is "without", not "לא") one or two words before money. */
const refused = (words: string[]) =>
  words.some(
    (w, i) => NOT.has(w) && [words[i + 1], words[i + 2]].some((m) => isAny(m, MONEY) || isAny(m, APPS)),
  );

function paysByApp(words: string[]): boolean {
  return words.some(
    (w, i) =>
      isAny(w, APPS) || (w === "bit" && (BIT_BEFORE.has(words[i - 1] ?? "") || words[i + 1] === "transfer")),
  );
}

/**
 * Money asked for before a viewing: in one sentence, a deposit, transfer or payment with
 * "before" leading to seeing the flat (within 3 words), with "to hold/reserve it", or "without
 * seeing"; or a payment app (bit, PayBox) with "before". A deposit paid at signing is no warning,
 * nor money refused ("no deposit before the viewing").
 */
export function asksMoneyBeforeViewing(text: string): boolean {
  return sentences(text).some((s) => {
    const app = paysByApp(s);
    if (refused(s)) return false;
    if (app && has(s, BEFORE)) return true;
    if (!app && !has(s, MONEY)) return false;
    return followedBy(s, BEFORE, VIEWING, 3) || anyPhrase(s, HOLD) || has(s, HOLD_HE) || anyPhrase(s, UNSEEN);
  });
}

// ── The owner is abroad and sends the keys ─────────────────────────────────────────────────────

/** In another country now: בחו"ל ("in abroad"; לחו"ל is travelling there, מחו"ל coming back). */
const ABROAD_HE = new Set(['בחו"ל']);
const ABROAD_PHRASES = [
  ["לא", "בארץ"],
  ["מחוץ", "לארץ"],
  ["out", "of", "the", "country"],
  ["out", "of", "israel"],
  ["not", "in", "israel"],
  ["not", "in", "the", "country"],
];
/** Moved abroad for good ("עברתי לחו"ל", "we moved abroad"). */
const MOVED = new Set(["עברתי", "עברנו", "עבר", "עברה", "moved", "relocated"]);
const TO_ABROAD = new Set(['לחו"ל', "abroad", "overseas"]);
/** Who is there: the writer or the owner, now. */
const OWNER = new Set([
  "אני",
  "אנחנו",
  "נמצא",
  "נמצאת",
  "נמצאים",
  "גר",
  "גרה",
  "גרים",
  "חי",
  "חיה",
  "חיים",
  "כרגע",
  "עכשיו",
  "הבעלים",
  "בעל",
  "בעלת",
  "המשכיר",
  "i'm",
  "im",
  "i",
  "we're",
  "we",
  "currently",
  "now",
  "live",
  "lives",
  "living",
  "based",
  "owner",
  "landlord",
  "landlady",
]);
/** Abroad later, or coming back from there: a sublet while travelling is no warning. */
const LATER = new Set([
  "going",
  "travelling",
  "traveling",
  "flying",
  "leaving",
  "returning",
  "returned",
  "from",
  "will",
  "i'll",
  "we'll",
  "soon",
  "next",
  "אהיה",
  "נהיה",
  "טס",
  "טסה",
  "טסים",
  "נוסע",
  "נוסעת",
  "נוסעים",
  "חוזר",
  "חוזרת",
  "חוזרים",
]);
const ABROAD_EN = new Set(["abroad", "overseas"]);
const KEYS = new Set(["מפתח", "מפתחות", "key", "keys"]);
/** Keys that travel: by post, courier or a parcel service. */
const SENT = new Set([
  "דואר",
  "שליח",
  "שליחות",
  "אשלח",
  "נשלח",
  "ישלח",
  "לשלוח",
  "שולח",
  "שולחת",
  "נשלחים",
  "dhl",
  "fedex",
  "ups",
  "mail",
  "post",
  "courier",
  "send",
  "sent",
  "ship",
  "shipped",
  "posted",
]);

/** The writer or owner says they are abroad now (not travelling later, not back from there). */
export function saysOwnerAbroad(text: string): boolean {
  return sentences(text).some((s) => {
    if (has(s, LATER)) return false;
    const abroad = has(s, ABROAD_HE) || anyPhrase(s, ABROAD_PHRASES) || has(s, ABROAD_EN);
    if (abroad && has(s, OWNER)) return true;
    return followedBy(s, MOVED, TO_ABROAD, 2);
  });
}

/** The keys come by post or courier: a key word within 4 words of a sending word, one sentence. */
export function sendsKeys(text: string): boolean {
  return sentences(text).some((s) => near(s, KEYS, SENT, 4));
}
