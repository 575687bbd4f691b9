import { currentLang, intlLocaleOf } from "../../i18n/index.ts";

// How the bots screens show a place's name. Some neighbourhoods are several under one code, named
// with a raw ";" in the data ("נווה גן;קרית שאול"): shown, they are joined the reader's way.

const lists = new Map<string, Intl.ListFormat>();

/** "נווה גן;קרית שאול" → "נווה גן, קרית שאול"; a single name as it is. */
export function placeLabel(name: string): string {
  const parts = name
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return name;
  const locale = intlLocaleOf(currentLang());
  let list = lists.get(locale);
  if (!list) {
    list = new Intl.ListFormat(locale, { type: "unit", style: "short" });
    lists.set(locale, list);
  }
  return list.format(parts);
}
