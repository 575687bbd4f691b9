import { formatNumber } from "../../i18n/format.ts";
import type { BotPreset } from "../bots/index.ts";
import { PRICE_MAX, PRICE_MIN, PRICE_STEP } from "./filters.ts";
import { entryDayText, tp } from "./texts.ts";
import type { PropertyFilters } from "./types.ts";

// "Create a bot from this search": the filters as a bot's settings. A bot follows areas,
// a price range, minimum rooms and private-only; it needs min strictly below max and rooms 1–10
//, so an untouched price is the slider's whole range and no rooms filter is 1.

/** A price range a bot accepts: the whole slider when the search had none, never min = max. */
export function botPriceLimit(range: PropertyFilters["priceRange"]): [number, number] {
  if (!range) return [PRICE_MIN, PRICE_MAX];
  const [min, max] = range;
  if (min < max) return [min, max];
  // Both handles on one price: the bot takes that price's step above (or below, at the top).
  return max + PRICE_STEP <= PRICE_MAX ? [min, max + PRICE_STEP] : [min - PRICE_STEP, max];
}

export function presetOf(f: PropertyFilters): BotPreset {
  const notKept: string[] = [];
  const text = f.searchText.trim();
  if (text) notKept.push(tp("preset.searchText", { text }));
  if (f.merchant === true) notKept.push(tp("preset.merchantOnly"));
  if (f.availableBy !== null)
    notKept.push(tp("filters.availableByChip", { date: entryDayText(f.availableBy) }));
  if (f.nearKm !== null) notKept.push(tp("preset.nearKm", { km: formatNumber(f.nearKm) }));
  return {
    neighborhoodCodes: [
      ...new Set([...(f.neighborhoodCode === null ? [] : [f.neighborhoodCode]), ...f.neighborhoodCodes]),
    ],
    priceLimit: botPriceLimit(f.priceRange),
    rooms: f.minRooms ?? 1,
    merchant: f.merchant === false ? false : null,
    notKept,
  };
}
