import { formatDate } from "../i18n/format.ts";
import { i18n, isLang } from "../i18n/index.ts";

// A listing's entry date as a card says it. The API answers "YYYY-MM-DD", "immediate" or null
// (unknown, or a parse not sure enough to show).

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "Immediate entry", "Entry 15 Aug 2026"; null when unknown or not a date. */
export function entryDateText(value: string | null, lang: string): string | null {
  const lng = isLang(lang) ? lang : "en";
  if (value === "immediate") return i18n.t("entryDate.immediate", { lng, ns: "common" });
  if (!value || !ISO_DAY.test(value)) return null;
  // Noon UTC is the same day in Israel whatever the season.
  const date = formatDate(`${value}T12:00:00Z`, lng);
  return date ? i18n.t("entryDate.on", { lng, ns: "common", date }) : null;
}
