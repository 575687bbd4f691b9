import { i18n } from "../../../i18n/index.ts";
import { formatPrice } from "../format.ts";
import { PRICE_MAX, PRICE_MIN, ROOMS_MIN } from "../settings/form.ts";

// A bot made from a property search ("Create a bot from this search"): the settings the
// search gives it, the name the wizard suggests, the summary it shows and what it saves after the
// bot is created. The search's side turns its filters into a preset; the rules here are the bot's.
// The words come from the "bots" catalogue in the reader's language.

export interface BotPreset {
  /** The areas to watch; the wizard asks for at least one when the search had none. */
  neighborhoodCodes: number[];
  priceLimit: [number, number];
  /** Minimum rooms, 1–10. */
  rooms: number;
  /** false: private listings only; null: all. */
  merchant: false | null;
  /** What the search had that a bot cannot follow, in words, e.g. 'the search text “garden”'. */
  notKept: string[];
}

const NAME_MAX = 100;

/** '₪3,000 – ₪7,000', 'up to ₪7,000', 'from ₪3,000', or null for the slider's whole range. */
export function priceWords([min, max]: readonly [number, number]): string | null {
  const open = min <= PRICE_MIN;
  const full = max >= PRICE_MAX;
  if (open && full) return null;
  if (open) return t("upTo", { price: formatPrice(max) });
  if (full) return t("from", { price: formatPrice(min) });
  return t("range", { min: formatPrice(min), max: formatPrice(max) });
}

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`bots:preset.${key}`, options ?? {});

const roomsWords = (rooms: number) => (rooms > ROOMS_MIN ? t("rooms", { count: rooms }) : null);

/** 'A', 'A and B', 'A and 2 more': each Hebrew name stays apart from the numbers (see below). */
function areasWords(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const [first, second] = names;
  if (names.length === 1) return first ?? null;
  if (names.length === 2) return t("twoAreas", { first, second });
  return t("moreAreas", { first, count: names.length - 1 });
}

/**
 * The name the wizard suggests: rooms and price, then the areas, e.g. '3+ rooms, up to ₪7,000 in
 * פלורנטין'; at most 100 characters (the bots' limit). Area names are mostly Hebrew: a number next
 * to one would be drawn on its wrong side ('3 · פלורנטין+ rooms'), so they come last, after a word.
 */
export function suggestedName(preset: BotPreset, areaNames: readonly string[]): string {
  const terms = [roomsWords(preset.rooms), priceWords(preset.priceLimit)]
    .filter(Boolean)
    .join(t("termsJoin"));
  const areas = areasWords(areaNames);
  const name = terms && areas ? t("termsInAreas", { terms, areas }) : terms || areas || t("defaultName");
  const capitalised = name.charAt(0).toUpperCase() + name.slice(1);
  return [...capitalised].slice(0, NAME_MAX).join("");
}

/** The settings in one calm line under the areas: '₪0 – ₪7,000 · 3+ rooms · Private only'. */
export function presetLine(preset: BotPreset): string {
  const [min, max] = preset.priceLimit;
  return [
    t("range", { min: formatPrice(min), max: formatPrice(max) }),
    t("roomsLine", { count: preset.rooms }),
    preset.merchant === false ? t("privateOnly") : t("privateAndMerchant"),
  ].join(" · ");
}
