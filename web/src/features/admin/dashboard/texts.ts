// The count cards' figures and subtitles.

const number = new Intl.NumberFormat("en-US");

export const formatCount = (n: number) => number.format(n);

export const STATS_FAILED = "Failed to fetch dashboard stats";

/** "3 banned · 2 new today". */
export function usersSubtitle(bannedCount: number, createdLastDay: number): string {
  return `${formatCount(bannedCount)} banned · ${formatCount(createdLastDay)} new today`;
}

/** "5 new in the last day" (bots and listings). */
export function newSubtitle(createdLastDay: number): string {
  return `${formatCount(createdLastDay)} new in the last day`;
}

/** The dashboard's error: the call's message, else the fixed fallback. */
export function statsError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : STATS_FAILED;
}

/** When a check answered, in the product's he-IL time (e.g. 21:47:03). */
export function checkedTime(at: Date): string {
  return at.toLocaleTimeString("he-IL", {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: false,
  });
}
