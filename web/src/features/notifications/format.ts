// How a notification's time reads in the popover and the list: recent ones relative, older ones as
// a date in the product's he-IL format (dates are written as he-IL everywhere).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function timeAgo(iso: string | null, now: number): string {
  if (!iso) return "";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 7 * DAY) {
    const days = Math.floor(ago / DAY);
    return days === 1 ? "yesterday" : `${days} days ago`;
  }
  return new Date(at).toLocaleDateString("he-IL", { timeZone: "Asia/Jerusalem" });
}
