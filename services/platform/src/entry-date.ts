/**
 * A flat's entry date as the product keeps it: "YYYY-MM-DD", "immediate", or null when a source
 * gave nothing we can be sure of ("גמיש", "soon"). Sources write it as Yad2's
 * "2026-12-01T00:00:00", an ISO date, "מיידי"/"מיידית"/"immediate", or a day like "1/12/2026".
 * Relative texts ("from August") are the Facebook parser's to resolve against the post's time.
 */
export type EntryDate = string | "immediate" | null;

const IMMEDIATE = /^(?:מיידי|מיידית|מיד|immediate(?:ly)?|now)$/i;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;
const DMY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;

/** The day as "YYYY-MM-DD" when it exists in the calendar (no 30 February), else null. */
function day(y: number, m: number, d: number): string | null {
  if (y < 2000 || y > 2100) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return t.toISOString().slice(0, 10);
}

export function normaliseEntryDate(text: string | null | undefined): EntryDate {
  const s = text?.trim();
  if (!s) return null;
  if (IMMEDIATE.test(s)) return "immediate";
  const iso = ISO.exec(s);
  if (iso) return day(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = DMY.exec(s);
  if (dmy) return day(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  return null;
}
