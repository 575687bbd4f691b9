import { api, isBanEnded, request } from "../../lib/api.ts";
import { clearToken, findToken, getStoredToken, storeToken } from "../../lib/authToken.ts";
import { type CheckStep, isVerdict } from "./sessionRule.ts";
import type { Session, User } from "./types.ts";

// The start-up check: take the token (localStorage, else the "v3" cookie), validate it,
// and load the profile. A 401 or a missing profile is the server's verdict: the token is dropped
// and the visitor is nobody. Any other failure is thrown, and the query retries it (sessionRule.ts)
// while the loading page shows: a hiccup must not sign anyone out.

export const sessionKey = ["auth", "session"] as const;

/** One attempt's limit: a server that accepts the connection and never answers is a failure too. */
export const CHECK_TIMEOUT_MS = 15_000;

export class MissingProfile extends Error {
  constructor() {
    super("Invalid user data received");
    this.name = "MissingProfile";
  }
}

/**
 * GET /api/users/me; a success without a user is a missing profile, which signs out.
 * `beforeCheck`: asked beside the token's validation, whose verdict comes first (api.ts).
 */
export async function fetchProfile(signal?: AbortSignal, beforeCheck = false): Promise<User> {
  const me = await request<{ user?: User | null }>("/api/users/me", { signal, beforeCheck });
  if (!me?.user) throw new MissingProfile();
  return me.user;
}

/** True when `error`, thrown by `step`, means the session is gone. */
export function endsSession(step: CheckStep, error: unknown): boolean {
  return error instanceof MissingProfile || isVerdict(step, error);
}

/** Drops the refused token, unless a sign-in elsewhere has replaced it meanwhile. */
export function dropRefused(token: string): void {
  const stored = getStoredToken();
  if (stored === null || stored === token) clearToken();
}

export async function loadSession(): Promise<Session> {
  const token = findToken();
  if (!token) return { user: null };
  let step: CheckStep = "validate";
  // Both asked at once: on a phone's network one round trip instead of two before the first
  // screen. They are judged in the check's order: validation's failure decides whatever the
  // profile's answer (a 401 there signs nobody out by itself), then the profile's.
  const validated = api.post<unknown>("/api/auth/validate", { token }, AbortSignal.timeout(CHECK_TIMEOUT_MS));
  const unneeded = new AbortController();
  const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  // AbortSignal.any is missing from older browsers (Safari before 17.4): there the unneeded
  // profile is left to finish instead of failing every check.
  const signal =
    typeof AbortSignal.any === "function" ? AbortSignal.any([timeout, unneeded.signal]) : timeout;
  const profile = fetchProfile(signal, true);
  profile.catch(() => undefined); // judged below, or not at all when validation failed
  try {
    await validated.catch((error) => {
      unneeded.abort(); // this attempt is over: its profile is not wanted
      throw error;
    });
    step = "me";
    const user = await profile;
    // The one-day cookie follows the token the server just accepted (unless a sign-in replaced it
    // meanwhile): requests the browser makes by itself, such as the dashboard's preview images,
    // carry only the cookie, which would otherwise lapse a day after sign-in.
    if (getStoredToken() === token) storeToken(token);
    return { user };
  } catch (error) {
    if (!endsSession(step, error)) throw error;
    // A ban's end keeps the token: each start asks again, and is told the ban (with its reason)
    // for as long as it lasts, then the plain 401 that drops it.
    if (isBanEnded(error)) return { user: null, bannedReason: error.bannedReason };
    dropRefused(token);
    return { user: null };
  }
}
