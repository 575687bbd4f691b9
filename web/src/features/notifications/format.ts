import { i18n } from "../../i18n/index.ts";

// How a notification's time reads in the popover and the list: recent ones relative ("5 min ago",
// "לפני 5 דקות", from the catalogue with its plurals), older ones as a day in the product's
// d.m.yyyy form (dates are written so everywhere, in both languages).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const day = new Intl.DateTimeFormat("he-IL", { timeZone: "Asia/Jerusalem" });

export function timeAgo(iso: string | null, now: number): string {
  if (!iso) return "";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const ago = Math.max(0, now - at);
  const t = (key: string, count?: number) => i18n.t(`notifications:time.${key}`, { count });
  if (ago < MINUTE) return t("justNow");
  if (ago < HOUR) return t("minutes", Math.floor(ago / MINUTE));
  if (ago < DAY) return t("hours", Math.floor(ago / HOUR));
  if (ago < 7 * DAY) {
    const days = Math.floor(ago / DAY);
    return days === 1 ? t("yesterday") : t("days", days);
  }
  return day.format(at);
}
