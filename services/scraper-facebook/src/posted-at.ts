import { israelClock, israelTime } from "@dirabot/platform";
import { ENGLISH_MONTHS, HEBREW_MONTHS } from "@dirabot/scraping";

// When a post was written, from the text of its timestamp link as the feed shows it: relative
// ("5 דק׳", "3 שע׳", "2 ימים", "3h", "Yesterday at 10:30") or a day of the year
// ("20 בנובמבר בשעה 10:30", "November 20 at 10:30 AM"). Anything else: unknown.

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const RELATIVE: Array<[RegExp, number]> = [
  [/^(\d+)?\s*(?:דק(?:ות|ה)?['׳]?|m|mins?|minutes?)(?: ago)?$/i, MIN],
  [/^(\d+)?\s*(?:שע(?:ות|ה)?['׳]?|h|hrs?|hours?)(?: ago)?$/i, HOUR],
  [/^(\d+)?\s*(?:ימים|יום|י['׳]|d|days?)(?: ago)?$/i, DAY],
  [/^(\d+)?\s*(?:שבועות|שבוע|ש['׳]|w|wk|weeks?)(?: ago)?$/i, 7 * DAY],
];
const HE_MONTH = new RegExp(`(\\d{1,2})\\s*ב?(${Object.keys(HEBREW_MONTHS).join("|")})(?:\\s+(\\d{4}))?`);

// The browser reads Facebook as a user in Israel (timezoneId Asia/Jerusalem): clock times are
// Israel's.

function clock(text: string): [number, number] | undefined {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)?/i.exec(text);
  if (!m) return undefined;
  let h = Number(m[1]);
  if (m[3]?.toLowerCase() === "pm" && h < 12) h += 12;
  if (m[3]?.toLowerCase() === "am" && h === 12) h = 0;
  return [h, Number(m[2])];
}

function dayOfYear(text: string, now: Date): Date | undefined {
  const he = HE_MONTH.exec(text);
  const en = /([a-z]{3})[a-z]*\s+(\d{1,2})(?:,?\s+(\d{4}))?/i.exec(text);
  let month: number;
  let day: number;
  let year: number | undefined;
  if (he?.[1] && he[2]) {
    [month, day, year] = [(HEBREW_MONTHS[he[2]] ?? 1) - 1, Number(he[1]), he[3] ? Number(he[3]) : undefined];
  } else if (en?.[1] && en[2] && ENGLISH_MONTHS.includes(en[1].toLowerCase())) {
    [month, day, year] = [
      ENGLISH_MONTHS.indexOf(en[1].toLowerCase()),
      Number(en[2]),
      en[3] ? Number(en[3]) : undefined,
    ];
  } else return undefined;
  const [h, m] = clock(text) ?? [0, 0];
  const thisYear = israelClock(now).year;
  const at = israelTime(year ?? thisYear, month + 1, day, h, m);
  // Without a year the date is the last one of that name: never in the future.
  if (year === undefined && at && at.getTime() > now.getTime() + DAY)
    return israelTime(thisYear - 1, month + 1, day, h, m);
  return at;
}

export function postedAtFromText(raw: string, now = new Date()): Date | undefined {
  const text = raw.replace(/\s+/g, " ").trim();
  if (!text || text.length > 60) return undefined;
  if (/^(עכשיו|just now|now)$/i.test(text)) return now;
  for (const [re, unit] of RELATIVE) {
    const m = re.exec(text);
    if (m) return new Date(now.getTime() - Number(m[1] ?? 1) * unit);
  }
  if (/^(אתמול|yesterday)/i.test(text)) {
    const c = clock(text);
    const y = israelClock(new Date(now.getTime() - DAY));
    return c ? israelTime(y.year, y.month, y.day, c[0], c[1]) : new Date(now.getTime() - DAY);
  }
  return dayOfYear(text, now);
}
