// Times as the product writes them: he-IL, on Israel's clock whatever the browser's time zone
// (the renters and the admins live by it; a flat posted at 09:00 reads 09:00 everywhere).

const ZONE = "Asia/Jerusalem";
const dateTime = new Intl.DateTimeFormat("he-IL", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: ZONE,
});
const clock = new Intl.DateTimeFormat("he-IL", { hour: "2-digit", minute: "2-digit", timeZone: ZONE });

function read(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Day, month, year, hour and minute ("15.01.2026, 11:05"); '' when missing or unreadable. */
export function israelDateTime(iso: string | null | undefined): string {
  const date = read(iso);
  return date ? dateTime.format(date) : "";
}

/** Hour and minute ("11:05"); '' when missing or unreadable. */
export function israelClock(iso: string | null | undefined): string {
  const date = read(iso);
  return date ? clock.format(date) : "";
}
