import { formatNumber } from "../../../i18n/format.ts";
import { currentLang, i18n, intlLocaleOf } from "../../../i18n/index.ts";

// The count cards' figures and subtitles, in the reader's language.

export const formatCount = (n: number) => formatNumber(n);

/** The fixed fallback, in English as the spec words it. */
export const STATS_FAILED = "Failed to fetch dashboard stats";

/** "3 banned · 2 new today". */
export function usersSubtitle(bannedCount: number, createdLastDay: number): string {
  return i18n.t("admin:dashboard.usersSubtitle", {
    banned: formatCount(bannedCount),
    created: formatCount(createdLastDay),
  });
}

/** "5 new in the last day" (bots and listings). */
export function newSubtitle(createdLastDay: number): string {
  return i18n.t("admin:dashboard.newSubtitle", { created: formatCount(createdLastDay) });
}

/** The dashboard's error: the call's message, else the fixed fallback. */
export function statsError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t("admin:dashboard.statsFailed");
}

/** When a check answered, on a 24-hour clock (e.g. 21:47:03). */
export function checkedTime(at: Date): string {
  return at.toLocaleTimeString(intlLocaleOf(currentLang()), {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
}
