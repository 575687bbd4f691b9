/**
 * The listing's entry date: an ISO date, "immediate" or null. It starts from what `parse:post`
 * reads (a day, or "immediate"; see `dates.ts`) and, only where that finds nothing, also reads
 * what a renter can act on but FIELDS.md leaves null:
 * - a month alone right after an entry word (`כניסה בנובמבר`, `החל מאוגוסט`, `כניסה בתחילת
 *   ינואר`, `Available from August`, `заезд с декабря`) → the first day of the next such month
 *   from the post's date (its own month counts: a post of 5 October saying "October" means this
 *   one); `10.2021` after an entry word → that month;
 * - a sublet's month (`סאבלט חודש דצמבר`, `מנובמבר עד סוף ינואר`, `from November to March`) → its
 *   first day;
 * - a day range under a month name (`25-30 לאוקטובר`, `October 25-30`) → its first day.
 * "Mid"/"end of" a month, "flexible", "around" stay null: the patterns take only the words listed,
 * right next to each other, so `כניסה באמצע דצמבר` never reaches the month. Viewing dates and
 * contract ends (`מראים`, `חוזה עד`) are refused by the words just before a match.
 */
import { ENGLISH_MONTHS, HEBREW_MONTHS } from "@dirabot/scraping";
import { extractEntryDate, iso, RU_MONTH, resolveDate, ruMonth } from "./dates.ts";
import { HE, re } from "./text.ts";

const HE_MONTH = `(${Object.keys(HEBREW_MONTHS).join("|")})(?![${HE}])`;
// A whole month name or its usual short form: an open `[a-z]*` would read "from market" as March.
const EN_MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?(?![a-z])";
const YEAR = "(?:\\s*(?:,\\s*)?(20\\d\\d)(?!\\d|[./]\\d))?";

const HE_ENTRY =
  "(?:כניסה|תאריך\\s*(?:ה)?כניסה|מועד\\s*(?:ה)?כניסה|פנויה|פנוי|זמינה|זמין|מתפנה|מתפנית|אכלוס|החל)";
/** `כניסה: בתחילת חודש נובמבר`, `החל מאוגוסט`, `פנויה מדצמבר 2027`. */
const HE_MONTH_AFTER_ENTRY = re(
  `${HE_ENTRY}[\\s:\\-]{0,4}(?:החל\\s*)?(?:[במל]-?\\s*)?(?:ה?(?:תחילת|ראשית)\\s+)?(?:ה?חודש\\s+)?${HE_MONTH}${YEAR}`,
);
/** A sublet's or a stay's month: `סאבלט חודש דצמבר`, `לחודש ינואר`, `לחודשים אוקטובר ונובמבר`. */
const HE_MONTH_PERIOD = re(`(?<![${HE}])[למב]?חודש(?:ים)?\\s+${HE_MONTH}`);
/** `מנובמבר עד סוף ינואר`, `מ-אוקטובר - מאי`: a period's first month. */
const HE_MONTH_RANGE = re(`(?<![${HE}])מ(?:-\\s*)?(?:ה?חודש\\s+)?${HE_MONTH}\\s*(?:-|עד|ועד)`);
/** `25-30 לאוקטובר`, `25-30 October`. */
const HE_DAY_RANGE = re(`(?<![\\d./])(\\d{1,2})\\s*-\\s*\\d{1,2}\\s*(?:[בל]\\s*)?(?:-\\s*)?${HE_MONTH}`);
const EN_DAY_RANGE = re(
  `(?<![\\d./])(\\d{1,2})(?:st|nd|rd|th)?\\s*-\\s*\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${EN_MONTH}|(?<![a-z])${EN_MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*-\\s*\\d{1,2}(?![\\d./])`,
  "giu",
);
/** `Available from August`, `Entry: beginning of December`, `move in early March 2027`. */
const EN_MONTH_AFTER_ENTRY = re(
  `(?<![a-z])(?:entry|entrance(?:\\s*date)?|available|availability|move\\s*in|moving\\s*in|from)\\s*(?:[:\\-]\\s*)?(?:(?:in|on|from|starting)\\s+)?(?:(?:the\\s+)?(?:beginning|start)\\s+of\\s+|early\\s+)?${EN_MONTH}${YEAR}(?!\\s*\\d)`,
  "giu",
);
/** `from November to March`, `from Dec until Feb`: a period's first month. */
const EN_MONTH_RANGE = re(`(?<![a-z])from\\s+${EN_MONTH}\\s*(?:-|to|until|till)\\s`, "giu");
/** `заезд с декабря`, `свободна с начала января`, `с декабря`. */
const RU_MONTH_AFTER_ENTRY = re(
  `(?:(?:заезд|въезд|свободн[аоы]?)\\s*(?:[:\\-]\\s*)?(?:[св]\\s+)?|(?<![а-яё])с\\s+)(?:начала\\s+)?${RU_MONTH}`,
  "giu",
);
/** `10.2021` after an entry word: a month and its year. */
const MONTH_YEAR = re(
  `(?:${HE_ENTRY}|entry|available)[\\s:\\-]{0,4}(?:[במ]-?\\s*)?(\\d{1,2})[./](20\\d\\d)(?!\\d|[./]\\d)`,
  "giu",
);

/** Words just before a match that make it a viewing, a contract's end or a price, not an entry. */
const NOT_ENTRY =
  /(?<![\u05D0-\u05EA])(?:מרא|אראה|סיור|ביקור|חוזה|ו?עד(?![\u05D0-\u05EA]))|(?<![a-z])(?:view|show|contract|until|till|lease)/iu;

const enMonth = (word: string) => ENGLISH_MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
const heMonth = (word: string) => HEBREW_MONTHS[word] ?? 0;

/** The first day of the next `month` from `now` (its own month counts), or of `month`/`year`. */
function firstOfMonth(month: number, year: number | null, now: Date): string | null {
  if (month < 1 || month > 12) return null;
  if (year !== null) return iso(year, month, 1);
  const y = now.getUTCFullYear() + (month < now.getUTCMonth() + 1 ? 1 : 0);
  return iso(y, month, 1);
}

/** "available may vary": the verb, unless a preposition, a colon or a year makes it the month. */
const mayVerb = (m: RegExpMatchArray) =>
  /^may$/i.test(m[1] ?? "") && !m[2] && !/(?:[:-]|\b(?:in|on|from|starting|of|early))\s*may/i.test(m[0]);

type Reader = [RegExp, (m: RegExpMatchArray, now: Date) => string | null, guarded: boolean];

const year = (s: string | undefined) => (s ? Number(s) : null);
const READERS: Reader[] = [
  [HE_MONTH_AFTER_ENTRY, (m, now) => firstOfMonth(heMonth(m[1] ?? ""), year(m[2]), now), false],
  [
    EN_MONTH_AFTER_ENTRY,
    (m, now) => (mayVerb(m) ? null : firstOfMonth(enMonth(m[1] ?? ""), year(m[2]), now)),
    false,
  ],
  [RU_MONTH_AFTER_ENTRY, (m, now) => firstOfMonth(ruMonth(m[1] ?? ""), null, now), false],
  [MONTH_YEAR, (m, now) => firstOfMonth(Number(m[1]), year(m[2]), now), false],
  [HE_MONTH_PERIOD, (m, now) => firstOfMonth(heMonth(m[1] ?? ""), null, now), true],
  [HE_MONTH_RANGE, (m, now) => firstOfMonth(heMonth(m[1] ?? ""), null, now), true],
  [EN_MONTH_RANGE, (m, now) => firstOfMonth(enMonth(m[1] ?? ""), null, now), true],
  [HE_DAY_RANGE, (m, now) => resolveDate(Number(m[1]), heMonth(m[2] ?? ""), null, now), true],
  [EN_DAY_RANGE, (m, now) => resolveDate(Number(m[1] ?? m[4]), enMonth(m[2] ?? m[3] ?? ""), null, now), true],
];

/** What the listing shows as the flat's entry date: ISO "YYYY-MM-DD", "immediate" or null. */
export function extractEntry(text: string, now: Date, exact = extractEntryDate(text, now)): string | null {
  if (exact !== null) return exact;
  let best: { value: string; index: number } | null = null;
  for (const [rx, read, guarded] of READERS) {
    for (const m of text.matchAll(rx)) {
      if (best && m.index >= best.index) break;
      if (guarded && NOT_ENTRY.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
      const value = read(m, now);
      if (value) best = { value, index: m.index };
    }
  }
  return best?.value ?? null;
}
