import { NEAR_MESSAGES } from "@dirabot/api/messages.ts";
import {
  type Box,
  boxAround,
  estimateMinutes,
  haversineKm,
  intersect,
  isTravelMode,
  reachKm,
  type TravelMode,
} from "@dirabot/geography/distance";
import { AppError } from "@dirabot/platform";
import type { NearCondition } from "@dirabot/proto/bots/v1/bots_pb.js";

export type { TravelMode };

/** A user's place as bots keeps it (user.places_changed). */
export interface StoredPlace {
  id: string;
  name: string;
  lat: number;
  lon: number;
}

/** A distance condition as `bots.near` keeps it: km, or minutes by mode. */
export interface StoredNear {
  placeId: string;
  km: number | null;
  minutes: number | null;
  mode: TravelMode | null;
}

export const MAX_NEAR = 5;
export const KM = { min: 1, max: 30 } as const;
export const MINUTES = { min: 1, max: 120 } as const;

/**
 * A bot's conditions as a request gives them, checked (all must hold, one per place); whether
 * each place is the owner's is checked against their places when written (placesFor).
 */
export function checkNear(input: NearCondition[]): StoredNear[] {
  if (input.length > MAX_NEAR) throw new AppError("invalid_argument", NEAR_MESSAGES.tooMany);
  const seen = new Set<string>();
  return input.map((c) => {
    if (seen.has(c.placeId)) throw new AppError("invalid_argument", NEAR_MESSAGES.twice);
    seen.add(c.placeId);
    if (c.km && (c.minutes || c.mode)) throw new AppError("invalid_argument", NEAR_MESSAGES.kind);
    if (c.minutes || c.mode) {
      if (!isTravelMode(c.mode)) throw new AppError("invalid_argument", NEAR_MESSAGES.mode);
      if (!Number.isInteger(c.minutes) || c.minutes < MINUTES.min || c.minutes > MINUTES.max)
        throw new AppError("invalid_argument", NEAR_MESSAGES.minutes);
      return { placeId: c.placeId, km: null, minutes: c.minutes, mode: c.mode };
    }
    if (!Number.isFinite(c.km) || c.km < KM.min || c.km > KM.max)
      throw new AppError("invalid_argument", NEAR_MESSAGES.km);
    return { placeId: c.placeId, km: Math.round(c.km * 10) / 10, minutes: null, mode: null };
  });
}

/** Each condition with its place; a condition whose place is not the owner's is refused. */
export function placesFor(near: StoredNear[], places: StoredPlace[]): NearRow[] {
  return near.map((n) => {
    const p = places.find((x) => x.id === n.placeId);
    if (!p) throw new AppError("invalid_argument", NEAR_MESSAGES.place);
    return { ...n, name: p.name, lat: p.lat, lon: p.lon };
  });
}

/** A condition with its place's name and point: a `bot_near` row's content. */
export type NearRow = StoredNear & { name: string; lat: number; lon: number };

/** The box every condition's reach fits in (null: no condition): the bot row's `near_*`. */
export function nearBox(rows: NearRow[]): Box | null {
  return intersect(
    rows.map((r) => boxAround(r.lat, r.lon, r.km ?? reachKm(r.minutes ?? 0, r.mode ?? "walking"))),
  );
}

/**
 * Whether a flat at (lat, lon) meets every condition, as the match statement decides: the
 * straight line, or the routed minutes where given, else the estimate's; an unknown point meets none.
 */
export function meetsAll(
  rows: NearRow[],
  lat: number | undefined,
  lon: number | undefined,
  routed: (r: NearRow) => number | undefined = () => undefined,
): boolean {
  if (!rows.length) return true;
  if (lat === undefined || lon === undefined) return false;
  return rows.every((r) => {
    const km = haversineKm(r.lat, r.lon, lat, lon);
    if (r.km !== null) return km <= r.km;
    return (routed(r) ?? estimateMinutes(km, r.mode ?? "walking")) <= (r.minutes ?? 0);
  });
}
