import { currentLang, intlLocaleOf, type Lang } from "./index.ts";

// Numbers, prices, dates and relative times in the reader's language (he-IL / en-IL), on
// Israel's clock whatever the browser's time zone.

const ZONE = "Asia/Jerusalem";
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let made = cache.get(key);
  if (!made) {
    made = make();
    cache.set(key, made);
  }
  return made as T;
}

const locale = (lang?: Lang) => intlLocaleOf(lang ?? currentLang());

/** 12500 → "12,500" (en) / "12,500" (he). */
export function formatNumber(value: number, lang?: Lang): string {
  const l = locale(lang);
  return cached(`n:${l}`, () => new Intl.NumberFormat(l, { maximumFractionDigits: 1 })).format(value);
}

/** 12500 → "₪12,500" (en) / "‏12,500 ‏₪" (he): the shekel sign where the language puts it. */
export function formatPrice(value: number, lang?: Lang): string {
  const l = locale(lang);
  return cached(
    `p:${l}`,
    () => new Intl.NumberFormat(l, { style: "currency", currency: "ILS", maximumFractionDigits: 0 }),
  ).format(value);
}

function read(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day: "15 Jan 2026" / "15 בינו׳ 2026"; '' when missing. */
export function formatDate(value: string | Date | null | undefined, lang?: Lang): string {
  const date = read(value);
  if (!date) return "";
  const l = locale(lang);
  return cached(`d:${l}`, () => new Intl.DateTimeFormat(l, { dateStyle: "medium", timeZone: ZONE })).format(
    date,
  );
}

/** A day and a time; '' when missing. */
export function formatDateTime(value: string | Date | null | undefined, lang?: Lang): string {
  const date = read(value);
  if (!date) return "";
  const l = locale(lang);
  return cached(
    `dt:${l}`,
    () => new Intl.DateTimeFormat(l, { dateStyle: "medium", timeStyle: "short", timeZone: ZONE }),
  ).format(date);
}

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "3 minutes ago" / "לפני 3 דקות"; '' when missing. */
export function formatRelative(
  value: string | Date | null | undefined,
  now = new Date(),
  lang?: Lang,
): string {
  const date = read(value);
  if (!date) return "";
  const l = locale(lang);
  const format = cached(`r:${l}`, () => new Intl.RelativeTimeFormat(l, { numeric: "auto" }));
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return "";
}
