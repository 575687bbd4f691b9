import { randomUUID } from "node:crypto";
import { inIsrael } from "@dirabot/geography/distance";
import { AppError, isLocale, type Locale } from "@dirabot/platform";
import type { StoredPlace } from "./users.repo.ts";

/** What the identity service accepts, whoever calls it (the gateway validates the same first). */
export const AVATARS = Array.from({ length: 25 }, (_, i) => String(i + 1));
export const ROLES = ["user", "admin"];
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
export const EMAIL_ERROR = "Please enter a valid email address";

export function checkEmail(email: string): string {
  const e = email.trim();
  if (!EMAIL.test(e) || e.length > 254) throw new AppError("invalid_argument", EMAIL_ERROR);
  return e;
}

export function checkPassword(password: string, min = 6): string {
  if (password.length < min)
    throw new AppError("invalid_argument", `Password must be at least ${min} characters`);
  if (password.length > 256) throw new AppError("invalid_argument", "Password is too long");
  return password;
}

export function checkName(value: string, what: "First name" | "Last name"): string {
  const v = value.trim();
  if (!v) throw new AppError("invalid_argument", `${what} is required`);
  if (v.length > 80) throw new AppError("invalid_argument", `${what} is too long`);
  return v;
}

export function checkAvatar(avatar: string): string {
  if (!AVATARS.includes(avatar))
    throw new AppError("invalid_argument", "Avatar must be one of the 25 presets");
  return avatar;
}

export function checkRoles(roles: string[]): string[] {
  const unique = [...new Set(roles)];
  if (unique.some((r) => !ROLES.includes(r)))
    throw new AppError("invalid_argument", "Roles must be user or admin");
  return unique;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const QUIET_HOURS_ERRORS = {
  from: 'Quiet hours "from" must be a time as HH:mm, e.g. 23:00',
  to: 'Quiet hours "to" must be a time as HH:mm, e.g. 07:00',
  same: "Quiet hours must start and end at different times",
} as const;

/** A quiet-hours window in Israel time; `to` before `from` crosses midnight (23:00–07:00). */
export function checkQuietHours(from: string, to: string): { from: string; to: string } {
  if (!HH_MM.test(from)) throw new AppError("invalid_argument", QUIET_HOURS_ERRORS.from);
  if (!HH_MM.test(to)) throw new AppError("invalid_argument", QUIET_HOURS_ERRORS.to);
  if (from === to) throw new AppError("invalid_argument", QUIET_HOURS_ERRORS.same);
  return { from, to };
}

/** The identity service's copy of the contract's LOCALE_MESSAGE (messages.test.ts compares them). */
export const LOCALE_ERROR = "Language must be en (English) or he (Hebrew)";

export function checkLocale(locale: string): Locale {
  if (!isLocale(locale)) throw new AppError("invalid_argument", LOCALE_ERROR);
  return locale;
}

/** The identity service's copy of the contract's PLACE_MESSAGES (messages.test.ts compares them). */
export const PLACE_ERRORS = {
  tooMany: "At most 5 places",
  name: "A place needs a name",
  nameLong: "A place's name must be at most 40 characters",
  where: "A place must be a point inside Israel",
  unknown: "Unknown place: send the places you have with their ids",
  twice: "The same place is listed twice",
} as const;
export const MAX_PLACES = 5;

/**
 * The whole new list of places: each named (trimmed, at most 40 characters) at a point inside
 * Israel; one with an id must be one of `current` (it keeps its id), one without gets a new id.
 */
export function checkPlaces(
  places: { id?: string; name: string; lat: number; lon: number }[],
  current: StoredPlace[],
): StoredPlace[] {
  if (places.length > MAX_PLACES) throw new AppError("invalid_argument", PLACE_ERRORS.tooMany);
  const ids = new Set<string>();
  return places.map((p) => {
    const name = p.name.trim();
    if (!name) throw new AppError("invalid_argument", PLACE_ERRORS.name);
    if (name.length > 40) throw new AppError("invalid_argument", PLACE_ERRORS.nameLong);
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lon) || !inIsrael(p.lat, p.lon))
      throw new AppError("invalid_argument", PLACE_ERRORS.where);
    if (p.id && !current.some((c) => c.id === p.id))
      throw new AppError("invalid_argument", PLACE_ERRORS.unknown);
    if (p.id && ids.has(p.id)) throw new AppError("invalid_argument", PLACE_ERRORS.twice);
    const id = p.id || randomUUID();
    ids.add(id);
    return { id, name, lat: p.lat, lon: p.lon };
  });
}
