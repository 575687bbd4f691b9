import { BOT_MESSAGES } from "@dirabot/api/messages.ts";
import { i18n } from "../../../i18n/index.ts";
import { NEAR_KM_MAX, NEAR_KM_MIN, type NearPlace } from "../../../lib/distance.ts";
import { type Bot, type BotChoices, type BotPatch, choicesBody, choicesOf } from "../api.ts";

// The Bot Settings form: its values, its three rules (areas, rooms 1–10, a price range) and what is saved.

export const PRICE_MIN = 0;
export const PRICE_MAX = 20_000;
export const PRICE_STEP = 100;
export const PRICE_MARK_STEP = 5_000;
export const ROOMS_MIN = 1;
export const ROOMS_MAX = 10;

/**
 * The form's three rules' messages in English: the gateway and the bots service refuse with the same
 * words. The form shows them in the reader's language (the catalogue's "errors" keys).
 */
export const MESSAGES = {
  areas: BOT_MESSAGES.areas,
  rooms: BOT_MESSAGES.rooms,
  price: BOT_MESSAGES.price,
} as const;

export interface BotForm {
  isActive: boolean;
  neighborhoodCodes: number[];
  priceLimit: [number, number];
  /** null while the field is empty. */
  rooms: number | null;
  privateOnly: boolean;
  /** Must-haves and inclusions; unset: the stored ones stay. */
  choices?: BotChoices;
  /** "Within N km of <place>" for each place it names; unset: the stored ones stay. */
  near?: NearPlace[];
}

const clampKm = (km: number) =>
  Math.min(NEAR_KM_MAX, Math.max(NEAR_KM_MIN, Number.isFinite(km) ? Math.round(km) : NEAR_KM_MIN));

/** Whether a condition is in minutes (a router's), which the form keeps as it is. */
export const inMinutes = (n: NearPlace): boolean => typeof n.minutes === "number" && n.minutes > 0;

/**
 * A bot's `near` (the API's, beside the spec's fields) kept to the places still saved: a
 * distance brought into 1–30 km, a condition in minutes as it is.
 */
export function nearOf(bot: object, placeIds?: ReadonlySet<string>): NearPlace[] {
  const near = "near" in bot && Array.isArray(bot.near) ? (bot.near as NearPlace[]) : [];
  return near
    .filter((n) => typeof n.placeId === "string" && (!placeIds || placeIds.has(n.placeId)))
    .map((n) =>
      inMinutes(n)
        ? { placeId: n.placeId, minutes: n.minutes, mode: n.mode }
        : { placeId: n.placeId, km: clampKm(n.km ?? NEAR_KM_MIN) },
    );
}

/** Turns one place's condition on (at `km`), changes its distance, or off (null). */
export function setNear(near: readonly NearPlace[], placeId: string, km: number | null): NearPlace[] {
  const rest = near.filter((n) => n.placeId !== placeId);
  if (km === null) return rest;
  const at = near.findIndex((n) => n.placeId === placeId);
  const next = { placeId, km: clampKm(km) };
  if (at < 0) return [...rest, next];
  return near.map((n) => (n.placeId === placeId ? next : n));
}

const clampPrice = (n: number) => Math.min(PRICE_MAX, Math.max(PRICE_MIN, Number.isFinite(n) ? n : 0));

/**
 * The form for a bot. Codes are kept only when they name an existing option; prices are
 * brought into the slider's range so the handles show where the bot stands.
 */
export function formOf(bot: Bot, known: ReadonlySet<number> | null): BotForm {
  const [min = PRICE_MIN, max = PRICE_MAX] = bot.priceLimit ?? [];
  return {
    isActive: bot.isActive,
    neighborhoodCodes: known
      ? knownCodes(bot.neighborhoodCodes ?? [], known)
      : [...(bot.neighborhoodCodes ?? [])],
    priceLimit: [clampPrice(min), clampPrice(max)],
    rooms: Number.isFinite(bot.rooms) ? bot.rooms : null,
    privateOnly: bot.merchant === false,
    choices: choicesOf(bot),
    near: nearOf(bot),
  };
}

/** The codes that name an existing option, each once, in their order. */
export function knownCodes(codes: readonly number[], known: ReadonlySet<number>): number[] {
  return [...new Set(codes)].filter((code) => known.has(code));
}

/** Every rule the form breaks, areas first, then rooms, then price; an empty list means it may be saved. */
export function validate(form: BotForm): string[] {
  const errors: string[] = [];
  if (form.neighborhoodCodes.length === 0) errors.push(i18n.t("bots:errors.areas"));
  const { rooms } = form;
  if (rooms === null || !Number.isInteger(rooms) || rooms < ROOMS_MIN || rooms > ROOMS_MAX)
    errors.push(i18n.t("bots:errors.rooms"));
  const [min, max] = form.priceLimit;
  if (!(Number.isFinite(min) && Number.isFinite(max) && min < max)) errors.push(i18n.t("bots:errors.price"));
  return errors;
}

/** What PATCH /api/requests/{id} receives; call only with a form `validate` accepts. */
export function toPatch(form: BotForm): BotPatch {
  return {
    isActive: form.isActive,
    neighborhoodCodes: form.neighborhoodCodes,
    priceLimit: [form.priceLimit[0], form.priceLimit[1]],
    rooms: form.rooms ?? ROOMS_MIN,
    merchant: form.privateOnly ? false : null,
    ...(form.choices ? choicesBody(form.choices) : {}),
    ...(form.near ? { near: form.near } : {}),
  };
}

/** Toggles one code in a selection (the list and the map both do this). */
export function toggleCode(codes: readonly number[], code: number): number[] {
  return codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code];
}
