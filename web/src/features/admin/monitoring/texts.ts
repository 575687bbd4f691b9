import type { TFunction } from "i18next";
import { formatNumber } from "../../../i18n/format.ts";
import { currentLang, i18n, intlLocaleOf } from "../../../i18n/index.ts";
import type { SourceFigures } from "./api.ts";

// The panel's words and numbers in the reader's language: delays as people say them, clock times
// (the browser's, as the service cards beside them show theirs), counts.

const unit = (key: string, values: Record<string, number>) => i18n.t(`admin:figures.units.${key}`, values);

/** "42 s", "7 min 12 s", "1 h 5 min", "—" for no measurement. */
export function delay(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const s = Math.round(seconds);
  if (s < 60) return unit("s", { n: s });
  if (s < 3600) {
    const rest = s % 60;
    return rest ? unit("minS", { m: Math.floor(s / 60), s: rest }) : unit("min", { n: s / 60 });
  }
  const minutes = Math.round(s / 60);
  if (minutes < 24 * 60) {
    const m = minutes % 60;
    return m ? unit("hMin", { h: Math.floor(minutes / 60), m }) : unit("h", { n: minutes / 60 });
  }
  return unit("d", { n: Math.round(minutes / 1440) });
}

/** An axis label: "0", "30 s", "5 min", "2 h". */
export function axisDelay(seconds: number): string {
  if (seconds === 0) return "0";
  if (seconds < 60) return unit("s", { n: seconds });
  if (seconds < 3600) return unit("min", { n: Math.round(seconds / 60) });
  if (seconds < 86_400) return unit("h", { n: Math.round(seconds / 3600) });
  return unit("d", { n: Math.round(seconds / 86_400) });
}

/** "14:05" on a 24-hour clock in the browser's time zone (or the one named: tests). */
export const clockTime = (at: number | string, timeZone?: string) =>
  new Intl.DateTimeFormat(intlLocaleOf(currentLang()), {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(at));

export const count = (n: number) => formatNumber(n);

/** "14:05 – 14:20", or "14:05 – now" while still blocked. */
export function period(from: number, to: number | null, timeZone?: string): string {
  return i18n.t("admin:figures.timeline.period", {
    from: clockTime(from, timeZone),
    to: to === null ? i18n.t("admin:figures.timeline.now") : clockTime(to, timeZone),
  });
}

/** "3 deliveries", "1 delivery". */
export const deliveries = (n: number) => i18n.t("admin:figures.fresh.deliveries", { count: n, n: count(n) });

/** A source's name in the reader's language; the server's title for a source the catalogue lacks. */
export const sourceTitle = (t: TFunction, source: Pick<SourceFigures, "name" | "title">) =>
  t(`figures.sources.${source.name}`, { ns: "admin", defaultValue: source.title });

/** Server text (a block's reason) inside a plain-text label keeps its own direction. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
