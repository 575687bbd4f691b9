import { backoff } from "@dirabot/platform";

/**
 * When to try again after `attempts` failures: exponential from 1 s, capped at 10 minutes, with
 * the platform's jitter so endpoints that failed together do not come back together. A Retry-After the
 * server sent wins when it asks for longer (capped at an hour).
 */
export function backoffMs(attempts: number, retryAfterMs?: number, random = Math.random): number {
  const jittered = backoff(attempts, 1000, 10 * 60_000, random);
  return retryAfterMs === undefined ? jittered : Math.max(jittered, Math.min(retryAfterMs, 3_600_000));
}

/** How many tries a send gets before it is given up (about an hour and a half of back-off). */
export const MAX_ATTEMPTS = 12;
