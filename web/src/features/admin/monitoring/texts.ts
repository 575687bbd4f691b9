// The panel's words and numbers: delays as people say them, clock times (the browser's, as the
// service cards beside them show theirs), counts.

/** "42 s", "7 min 12 s", "1 h 5 min", "—" for no measurement. */
export function delay(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest ? `${Math.floor(s / 60)} min ${rest} s` : `${s / 60} min`;
  }
  const minutes = Math.round(s / 60);
  if (minutes < 24 * 60) {
    const m = minutes % 60;
    return m ? `${Math.floor(minutes / 60)} h ${m} min` : `${minutes / 60} h`;
  }
  return `${Math.round(minutes / 1440)} d`;
}

/** An axis label: "0", "30 s", "5 min", "2 h". */
export function axisDelay(seconds: number): string {
  if (seconds === 0) return "0";
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}

/** "14:05" in the browser's time zone (or the one named: tests). */
export const clockTime = (at: number | string, timeZone?: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(new Date(at));

const numbers = new Intl.NumberFormat("en-US");
export const count = (n: number) => numbers.format(n);

/** "14:05 – 14:20", or "14:05 – now" while still blocked. */
export function period(from: number, to: number | null, timeZone?: string): string {
  return `${clockTime(from, timeZone)} – ${to === null ? "now" : clockTime(to, timeZone)}`;
}

/** "3 deliveries", "1 delivery". */
export const deliveries = (n: number) => `${count(n)} ${n === 1 ? "delivery" : "deliveries"}`;
