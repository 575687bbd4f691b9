import { formatDate, formatNumber } from "../../i18n/format.ts";
import { currentLang, i18n, intlLocaleOf } from "../../i18n/index.ts";

// The property browser's words outside React: its catalogue ("properties") read in the current
// language at call time, and the few Intl formats the browser needs beyond i18n/format.ts (a day
// without its year, "12 days ago" counted in days only).

/** A text of the "properties" catalogue in the current language. */
export const tp = (key: string, options?: Record<string, unknown>): string =>
  i18n.t(`properties:${key}`, options ?? {});

/** `count` for the plural rule and `n` as the reader writes the number. */
export const counted = (count: number): { count: number; n: string } => ({ count, n: formatNumber(count) });

const FSI = "\u2068";
const PDI = "\u2069";
/** User data inside a plain-text sentence keeps its own direction (Unicode first-strong isolate). */
export const isolate = (text: string): string => `${FSI}${text}${PDI}`;

export { joinPlaces, placeNames } from "../../lib/places.ts";

const ZONE = "Asia/Jerusalem";
const formats = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function format<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let made = formats.get(key);
  if (!made) {
    made = make();
    formats.set(key, made);
  }
  return made as T;
}

/** '3 Nov' / '3 בנוב׳' this year, '3 Nov 2024' otherwise; "" for a missing or broken date. */
export function shortDate(value: string | number | null | undefined, now: number): string {
  if (value === null || value === undefined) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const locale = intlLocaleOf(currentLang());
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  const made = format(`${locale}:${sameYear}`, () =>
    sameYear
      ? new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: ZONE })
      : new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: ZONE }),
  );
  return (made as Intl.DateTimeFormat).format(date);
}

/** 'today', 'yesterday', '12 days ago' / 'היום', 'שלשום', 'לפני 12 ימים': whole days, never weeks. */
export function daysAgo(days: number): string {
  const locale = intlLocaleOf(currentLang());
  const made = format(`r:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
  return (made as Intl.RelativeTimeFormat).format(-days, "day");
}

/** A "YYYY-MM-DD" day as the reader writes it ("31 Jan 2027"); noon UTC is that day in Israel. */
export const entryDayText = (day: string): string => formatDate(`${day}T12:00:00Z`);
