import { BOT_MESSAGES } from "@dirabot/api/messages.ts";
import { neighborhoodByCode } from "@dirabot/geography";
import { AppError } from "@dirabot/platform";

// The bot settings form's messages (docs/PRODUCT.md, Bots), the same words the screens and the
// gateway use: text only, so the service takes them from the API contract and nothing else of it.
export const MESSAGES = BOT_MESSAGES;

const MAX_PRICE = 1_000_000;

// PostgreSQL text cannot hold NUL: refused as the user's input, not failed as ours.
function noNul(text: string, what: string): string {
  if (text.includes("\u0000"))
    throw new AppError("invalid_argument", `${what} cannot contain NUL characters`);
  return text;
}

/** A bot name as stored: trimmed, required, at most 100 characters. */
export function botName(raw: string): string {
  const name = noNul(raw.trim(), "Bot name");
  if (!name) throw new AppError("invalid_argument", MESSAGES.name);
  if ([...name].length > 100) throw new AppError("invalid_argument", MESSAGES.nameLong);
  return name;
}

export function description(raw: string): string {
  const d = noNul(raw.trim(), "Description");
  if ([...d].length > 1000) throw new AppError("invalid_argument", MESSAGES.descriptionLong);
  return d;
}

/** A Telegram group a bot posts to: Telegram's chat id (an integer, negative for groups) and title. */
export interface TelegramGroup {
  chatId: string;
  chatName: string;
}

export function telegramChat(raw: string): string {
  const id = raw.trim();
  if (!/^-?\d{1,20}$/.test(id))
    throw new AppError("invalid_argument", "telegram_chat_id must be a Telegram chat id");
  return id;
}

export interface Criteria {
  neighborhood_codes: number[];
  price_min: number;
  price_max: number;
  min_rooms: number;
}

/**
 * The settings form's rules, first failure wins, in the order the form shows them: codes are kept only when
 * they name a known neighbourhood (once each), then at least one must remain; rooms 1–10;
 * 0 ≤ min < max ≤ 1,000,000.
 */
export function criteria(input: {
  codes: number[];
  priceMin: number;
  priceMax: number;
  minRooms: number;
}): Criteria {
  const codes = [...new Set(input.codes)].filter((c) => neighborhoodByCode(c) !== undefined);
  if (!codes.length) throw new AppError("invalid_argument", MESSAGES.areas);
  const rooms = input.minRooms;
  if (!Number.isInteger(rooms) || rooms < 1 || rooms > 10)
    throw new AppError("invalid_argument", MESSAGES.rooms);
  const { priceMin: min, priceMax: max } = input;
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 0 && min < max && max <= MAX_PRICE))
    throw new AppError("invalid_argument", MESSAGES.price);
  return { neighborhood_codes: codes, price_min: min, price_max: max, min_rooms: rooms };
}
