import { matchesPlace, optionKeys } from "@dirabot/geography/places";
import { currentLang, type Lang } from "../../../i18n/index.ts";
import { placeLabel } from "../../../lib/places.ts";
import type { NeighborhoodOption } from "../api.ts";

// The Areas list: names are 'Category - Name', the part before
// ' - ' is the group (the city), and the options are sorted by name.

export interface AreaGroup {
  category: string;
  options: NeighborhoodOption[];
}

const SEPARATOR = " - ";

/** The group of an option: the part of its name before ' - ', or the whole name without one. */
export function categoryOf(name: string): string {
  const at = name.indexOf(SEPARATOR);
  return at < 0 ? name : name.slice(0, at);
}

/** The name without its group, for tags and menu rows under a group heading. */
export function shortName(name: string): string {
  const at = name.indexOf(SEPARATOR);
  return at < 0 ? name : name.slice(at + SEPARATOR.length);
}

/**
 * An option's full name in the reader's language ('City - Hood'): the English name in English,
 * the Hebrew in Hebrew; a name listing several places ("נווה גן;קרית שאול") joined by ", ".
 */
export function areaLabel(
  option: Pick<NeighborhoodOption, "name"> & { nameEn?: string },
  lang?: Lang,
): string {
  const name = (lang ?? currentLang()) === "en" && option.nameEn ? option.nameEn : option.name;
  return placeLabel(name);
}

/** Options grouped by category in the reader's language, keeping the order they come in (the server sorts by name). */
export function groupAreas(options: readonly NeighborhoodOption[], lang?: Lang): AreaGroup[] {
  const groups = new Map<string, NeighborhoodOption[]>();
  for (const option of options) {
    const category = categoryOf(areaLabel(option, lang));
    const list = groups.get(category);
    if (list) list.push(option);
    else groups.set(category, [option]);
  }
  return [...groups].map(([category, list]) => ({ category, options: list }));
}

/**
 * Whether an option matches the search box: every word, anywhere in the full name — a Hebrew
 * word in the Hebrew name (niqqud, final letters and plene spellings forgiven), a Latin word in
 * the place's Latin keys ("florentin", "Florentine", "neve tsedek" all find theirs).
 */
export function matchesArea(query: string, option: NeighborhoodOption): boolean {
  let keys = keysOf.get(option);
  if (keys === undefined) {
    keys = optionKeys(option);
    keysOf.set(option, keys);
  }
  return matchesPlace(query, option.name, keys);
}

/** Each option's keys, worked out once (the picker asks again on every keystroke). */
const keysOf = new WeakMap<NeighborhoodOption, string>();

/**
 * Where people look first: the cities the product watches by default lead the list, the rest
 * follow in the server's order (by name). Without it Tel Aviv, last in Hebrew order, would sit
 * below a thousand other areas in a menu that draws only the first rows until the user types.
 */
const HOME_CITIES = ["תל אביב יפו", "רמת גן", "גבעתיים"];

export function homeCitiesFirst(
  options: readonly NeighborhoodOption[],
  lang: Lang = currentLang(),
): NeighborhoodOption[] {
  const rank = (o: NeighborhoodOption) => {
    const at = HOME_CITIES.indexOf(categoryOf(o.name));
    return at < 0 ? HOME_CITIES.length : at;
  };
  // The server sorts by the Hebrew names; an English reader gets them in English order.
  const english = lang === "en" ? new Intl.Collator("en") : null;
  return options
    .map((option, index) => ({
      option,
      index,
      rank: rank(option),
      label: english ? areaLabel(option, lang) : "",
    }))
    .sort((a, b) => a.rank - b.rank || (english?.compare(a.label, b.label) ?? 0) || a.index - b.index)
    .map((x) => x.option);
}
