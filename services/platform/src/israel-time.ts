import { TZDate } from "@date-fns/tz";

// Israel's wall clock, the one converter every service uses: Yad2 writes dates without a zone,
// Facebook shows its readers Israel's clock, quiet hours are set in Israel time. The zone rules
// (UTC+2 in winter, UTC+3 in summer, changed in late March and late October) come from the
// runtime's time-zone database through @date-fns/tz, never from our own arithmetic.

/** Israel's time zone. */
export const ISRAEL_TZ = "Asia/Jerusalem";

/**
 * The instant of a wall-clock time in Israel (month 1–12), or undefined when the fields make no
 * date (a year outside 2000–2100, a month, day, hour, minute or second out of range; a day past
 * the month's end rolls over, as Date does). Across the clock changes: a time inside spring's
 * skipped hour (02:00–03:00) is read as the clock shows it an hour later, and a time inside
 * autumn's repeated hour (01:00–02:00) is the second of the two, already winter time.
 */
export function israelTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | undefined {
  if (![y, mo, d, h, mi, s].every(Number.isInteger)) return undefined;
  if (y < 2000 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23) return undefined;
  if (mi < 0 || mi > 59 || s < 0 || s > 59) return undefined;
  return new Date(new TZDate(y, mo - 1, d, h, mi, s, ISRAEL_TZ).getTime());
}

/** Israel's wall clock at an instant (month 1–12), and its offset from UTC in minutes (120 or 180). */
export interface IsraelClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
}

export function israelClock(at: Date): IsraelClock {
  const t = new TZDate(at.getTime(), ISRAEL_TZ);
  return {
    year: t.getFullYear(),
    month: t.getMonth() + 1,
    day: t.getDate(),
    hour: t.getHours(),
    minute: t.getMinutes(),
    second: t.getSeconds(),
    offsetMinutes: -t.getTimezoneOffset(),
  };
}
