// Yad2 writes local Israel time without a zone (image names, item dates): read it as such.
const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Jerusalem",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function offsetMs(at: number): number {
  const p: Record<string, number> = {};
  for (const x of parts.formatToParts(new Date(at))) p[x.type] = Number(x.value);
  const f = (k: string) => p[k] ?? 0;
  return Date.UTC(f("year"), f("month") - 1, f("day"), f("hour"), f("minute"), f("second")) - at;
}

/** The instant of a wall-clock time in Israel; undefined when the fields make no date. */
export function israelTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | undefined {
  if (y < 2000 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59)
    return undefined;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const first = wall - offsetMs(wall);
  return new Date(wall - offsetMs(first)); // the second pass settles the hour around a DST change
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?(?:\.\d+)?$/;

/** "2026-01-15T12:30:45" (Israel time) or any ISO string with a zone. */
export function parseYad2Date(raw: string | null | undefined): Date | undefined {
  if (!raw) return undefined;
  const m = LOCAL.exec(raw.trim());
  if (m) return israelTime(...(m.slice(1, 7).map((v) => Number(v ?? 0)) as [number, number, number]));
  const t = Date.parse(raw);
  return Number.isNaN(t) ? undefined : new Date(t);
}
