import { israelTime } from "@dirabot/platform";

// Yad2 writes local Israel time without a zone (image names, item dates): read it as such.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?(?:\.\d+)?$/;

/** "2026-01-15T12:30:45" (Israel time) or any ISO string with a zone. */
export function parseYad2Date(raw: string | null | undefined): Date | undefined {
  if (!raw) return undefined;
  const m = LOCAL.exec(raw.trim());
  if (m) return israelTime(...(m.slice(1, 7).map((v) => Number(v ?? 0)) as [number, number, number]));
  const t = Date.parse(raw);
  return Number.isNaN(t) ? undefined : new Date(t);
}
