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
const HE_MONTHS = [
  "ינואר",
  "פברואר",
  "מרץ",
  "אפריל",
  "מאי",
  "יוני",
  "יולי",
  "אוגוסט",
  "ספטמבר",
  "אוקטובר",
  "נובמבר",
  "דצמבר",
];
const EN_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

// The browser reads Facebook as a user in Israel (timezoneId Asia/Jerusalem): clock times are
// Israel's.
const PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Jerusalem",
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
});

function israelParts(d: Date): { y: number; mo: number; d: number; h: number; mi: number } {
  const p = Object.fromEntries(PARTS.formatToParts(d).map((x) => [x.type, Number(x.value)]));
  return { y: p.year ?? 0, mo: (p.month ?? 1) - 1, d: p.day ?? 1, h: p.hour ?? 0, mi: p.minute ?? 0 };
}

function inIsrael(y: number, mo: number, d: number, h: number, mi: number): Date {
  const guess = Date.UTC(y, mo, d, h, mi);
  const seen = israelParts(new Date(guess));
  const offset = Date.UTC(seen.y, seen.mo, seen.d, seen.h, seen.mi) - guess;
  return new Date(guess - offset);
}

function clock(text: string): [number, number] | undefined {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)?/i.exec(text);
  if (!m) return undefined;
  let h = Number(m[1]);
  if (m[3]?.toLowerCase() === "pm" && h < 12) h += 12;
  if (m[3]?.toLowerCase() === "am" && h === 12) h = 0;
  return [h, Number(m[2])];
}

function dayOfYear(text: string, now: Date): Date | undefined {
  const he =
    /(\d{1,2})\s*ב?(ינואר|פברואר|מרץ|אפריל|מאי|יוני|יולי|אוגוסט|ספטמבר|אוקטובר|נובמבר|דצמבר)(?:\s+(\d{4}))?/.exec(
      text,
    );
  const en = /([a-z]{3})[a-z]*\s+(\d{1,2})(?:,?\s+(\d{4}))?/i.exec(text);
  let month: number;
  let day: number;
  let year: number | undefined;
  if (he?.[1] && he[2]) {
    [month, day, year] = [HE_MONTHS.indexOf(he[2]), Number(he[1]), he[3] ? Number(he[3]) : undefined];
  } else if (en?.[1] && en[2] && EN_MONTHS.includes(en[1].toLowerCase())) {
    [month, day, year] = [
      EN_MONTHS.indexOf(en[1].toLowerCase()),
      Number(en[2]),
      en[3] ? Number(en[3]) : undefined,
    ];
  } else return undefined;
  const [h, m] = clock(text) ?? [0, 0];
  const thisYear = israelParts(now).y;
  let at = inIsrael(year ?? thisYear, month, day, h, m);
  // Without a year the date is the last one of that name: never in the future.
  if (year === undefined && at.getTime() > now.getTime() + DAY) at = inIsrael(thisYear - 1, month, day, h, m);
  return Number.isNaN(at.getTime()) ? undefined : at;
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
    const y = israelParts(new Date(now.getTime() - DAY));
    return c ? inIsrael(y.y, y.mo, y.d, c[0], c[1]) : new Date(now.getTime() - DAY);
  }
  return dayOfYear(text, now);
}
