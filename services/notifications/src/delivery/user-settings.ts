import type { Client } from "@connectrpc/connect";
import { type Locale, type Logger, localeOr } from "@dirabot/platform";
import type { IdentityService, User } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { QuietHours } from "./quiet-hours.ts";

/**
 * What delivery needs of a user: identity's `notify` settings. Whether a Telegram account is
 * linked is the telegram service's to know: SendToUser answers NOT_FOUND for an unlinked user,
 * and the send ends there (the link can go between any check and the send anyway).
 */
export interface DeliverySettings {
  telegramMatches: boolean;
  quietHours?: QuietHours;
  /** The language the user's pushes and Telegram messages are written in. */
  locale: Locale;
  /** The user's places: a match on Telegram says how far it is from each. */
  places: SavedPlace[];
}

/** A place as a match's text names it. */
export interface SavedPlace {
  name: string;
  lat: number;
  lon: number;
}

export function deliverySettings(user: User | undefined): DeliverySettings {
  const notify = user?.notify;
  const q = notify?.quietHours;
  return {
    telegramMatches: Boolean(notify?.telegramMatches),
    quietHours: q?.from && q.to ? { from: q.from, to: q.to } : undefined,
    locale: localeOr(user?.locale),
    places: (user?.places ?? []).map((p) => ({ name: p.name, lat: p.lat, lon: p.lon })),
  };
}

/** A user's settings as far as a delivery decision knows them: gone (deleted), or unknown (identity away). */
export type Known = DeliverySettings | "gone" | "unknown";

/** Identity answers at most this many users a call. */
const USERS_A_CALL = 1000;

/**
 * Each user's settings, a call per thousand users: a user identity does not return is "gone"; when
 * a call fails, each of its users is "unknown" (never thrown: the caller decides later for those).
 */
export async function settingsOf(
  identity: Client<typeof IdentityService>,
  users: string[],
  log: Logger,
  timeoutMs?: number,
): Promise<Map<string, Known>> {
  const out = new Map<string, Known>();
  for (let i = 0; i < users.length; i += USERS_A_CALL) {
    const ids = users.slice(i, i + USERS_A_CALL);
    try {
      const found = new Map((await identity.getUsers({ ids }, { timeoutMs })).users.map((u) => [u.id, u]));
      for (const id of ids) {
        const user = found.get(id);
        out.set(id, user ? deliverySettings(user) : "gone");
      }
    } catch (err) {
      log.warn({ err }, "users' settings unavailable: their matches wait");
      for (const id of ids) out.set(id, "unknown");
    }
  }
  return out;
}
