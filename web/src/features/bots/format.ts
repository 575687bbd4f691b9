// How the bots screens write prices and times.

export { formatPrice } from "../../lib/money.ts";

const hebrewTime = new Intl.DateTimeFormat("he-IL", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Jerusalem",
});

/**
 * A bot's creation time in the Hebrew-Israel format (day, month, year, hour, minute), in Israel's
 * time zone since the product is for renters there. '' when the time is missing or unreadable.
 */
export function formatCreatedAt(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : hebrewTime.format(date);
}
