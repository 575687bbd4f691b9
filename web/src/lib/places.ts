import { currentLang, intlLocaleOf } from "../i18n/index.ts";

// A place field may hold several names joined with ';' in the data ("נווה גן;קרית שאול"); a
// reader never sees the raw ';': the names are joined the way the reader's language joins a list.

const lists = new Map<string, Intl.ListFormat>();

/** The names a place field holds, trimmed. */
export const placeNames = (raw: string | null | undefined): string[] =>
  (raw ?? "")
    .split(";")
    .map((name) => name.trim())
    .filter(Boolean);

/** Names in one line, "A, B" in the reader's language. */
export function joinPlaces(names: readonly string[]): string {
  const locale = intlLocaleOf(currentLang());
  let list = lists.get(locale);
  if (!list) {
    list = new Intl.ListFormat(locale, { type: "unit", style: "short" });
    lists.set(locale, list);
  }
  return list.format(names);
}

/** A place field as a reader sees it: "נווה גן;קרית שאול" → "נווה גן, קרית שאול"; one name as it is. */
export function placeLabel(raw: string): string {
  const names = placeNames(raw);
  return names.length < 2 ? raw : joinPlaces(names);
}
