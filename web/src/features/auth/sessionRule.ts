import { ApiError } from "../../lib/api.ts";

// When the start-up check (validate the token, then load /api/users/me) may end a session. Only
// the server's verdict on the token does: 401 from /api/auth/validate or /api/users/me, or no
// profile behind it (/me answers 404, or a success without a user). Everything else (429, 5xx, a restart refusing connections, a time-out,
// a request aborted by a navigation, a proxy's HTML page) says nothing about the token: it is kept
// and the check is tried again, with the loading page up meanwhile. Dropping the token on such a
// failure signed people out whenever the server hiccuped.

/** The two calls of the check; a 404 means "no profile" only from the second. */
export type CheckStep = "validate" | "me";

/** True when this failure of `step` is the server saying the session is gone. */
export function isVerdict(step: CheckStep, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || (step === "me" && error.status === 404);
}

export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 10_000;
/** A Retry-After above this is taken as this: the page should not sit still for an hour. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * How long to wait before attempt `failures + 1` of the check: 0.5 s doubling to 10 s, spread by
 * up to a fifth either way so pages that lost the server together do not return in step; a
 * Retry-After (429, 503) is honoured as it is.
 */
export function retryDelayMs(failures: number, error: unknown, random: () => number = Math.random): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined && [429, 503].includes(error.status)) {
    return Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS);
  }
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures), MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The query options of a check whose function throws only failures that are not verdicts (a
 * verdict is returned as "nobody"): try again, for as long as it takes. TanStack Query also holds
 * the retries while the browser is offline or the tab hidden, and resumes when that ends.
 */
export const checkRetry = {
  retry: true,
  retryDelay: (failures: number, error: unknown) => retryDelayMs(failures, error),
} as const;
