import type { BotSearch, NeighborhoodOption, PriceBand } from "../api.ts";
import { areaLabel, categoryOf } from "../settings/areas.ts";
import { NO_CHOICES } from "../settings/ChoicesField.tsx";
import { type BotForm, PRICE_MAX, PRICE_MIN, PRICE_STEP, ROOMS_MIN } from "../settings/form.ts";
import type { BotPreset } from "./preset.ts";

// The wizard's search step: what a new bot watches, set before it goes live. It starts
// from a property search's preset or from nothing; the price follows the band of similar flats in
// the areas chosen until the person moves it.

/** A band drawn from fewer listings says little: the slider then stays where it is. */
export const MIN_BAND_COUNT = 3;

/** The form the search step opens with: a preset's settings, or no areas, any price, 1+ rooms. */
export function firstSearch(preset?: BotPreset): BotForm {
  return {
    isActive: true,
    neighborhoodCodes: [...(preset?.neighborhoodCodes ?? [])],
    priceLimit: preset ? [preset.priceLimit[0], preset.priceLimit[1]] : [PRICE_MIN, PRICE_MAX],
    rooms: preset?.rooms ?? ROOMS_MIN,
    privateOnly: preset?.merchant === false,
    choices: NO_CHOICES,
  };
}

/** Whether the price was chosen already (a preset that narrowed it): the band then only advises. */
export const priceChosen = (preset?: BotPreset): boolean =>
  preset !== undefined && (preset.priceLimit[0] > PRICE_MIN || preset.priceLimit[1] < PRICE_MAX);

/**
 * The slider's range for a band: the 25th percentile rounded down and the 75th rounded up to the
 * slider's step, inside its bounds and never empty; null when the band is drawn from too few flats.
 */
export function bandRange(band: PriceBand | undefined): [number, number] | null {
  if (!band || band.count < MIN_BAND_COUNT || band.low === null || band.high === null) return null;
  const low = Math.min(
    PRICE_MAX - PRICE_STEP,
    Math.max(PRICE_MIN, Math.floor(band.low / PRICE_STEP) * PRICE_STEP),
  );
  const high = Math.min(
    PRICE_MAX,
    Math.max(low + PRICE_STEP, Math.ceil(band.high / PRICE_STEP) * PRICE_STEP),
  );
  return [low, high];
}

/** The cities of the areas chosen, each once, in the reader's language and the order chosen. */
export function citiesOf(codes: readonly number[], options: readonly NeighborhoodOption[]): string[] {
  const byCode = new Map(options.map((o) => [o.code, o]));
  const cities = codes.flatMap((code) => {
    const option = byCode.get(code);
    return option ? [categoryOf(areaLabel(option))] : [];
  });
  return [...new Set(cities)];
}

/** What POST /api/requests/website-create takes besides the name: the bot is live with it at once. */
export function searchBody(form: BotForm): BotSearch {
  return {
    neighborhoodCodes: form.neighborhoodCodes,
    priceLimit: [form.priceLimit[0], form.priceLimit[1]],
    rooms: form.rooms ?? ROOMS_MIN,
    merchant: form.privateOnly ? false : null,
    ...(form.near?.length ? { near: form.near } : {}),
  };
}

/** The form's price, rooms and seller as a preset's, for the suggested name and the summary line. */
export function asPreset(form: BotForm, notKept: string[] = []): BotPreset {
  return {
    neighborhoodCodes: form.neighborhoodCodes,
    priceLimit: form.priceLimit,
    rooms: form.rooms ?? ROOMS_MIN,
    merchant: form.privateOnly ? false : null,
    notKept,
  };
}
