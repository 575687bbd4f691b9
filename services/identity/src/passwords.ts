import { AppError } from "@dirabot/platform";
import * as argon2 from "argon2";

/**
 * argon2id with the library's defaults: 64 MiB and a worker thread for each computation. Floods of
 * sign-ups or sign-ins would take every thread of libuv's pool (files, DNS and compression wait
 * there too) and 64 MiB each, so a process computes at most HASHES_AT_ONCE at a time; the others
 * wait their turn, and past MAX_WAITING a caller is told to come back rather than queued.
 */
const HASHES_AT_ONCE = 2;
const MAX_WAITING = 256;
const BUSY = "The server is busy, please try again in a moment";

/** Runs `work` when fewer than `atOnce` run, in arrival order; refuses past `maxWaiting` waiting. */
export function concurrencyBound(atOnce: number, maxWaiting: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < atOnce) running++;
    else if (waiting.length >= maxWaiting) throw new AppError("unavailable", BUSY);
    else await new Promise<void>((turn) => waiting.push(turn)); // the finisher hands its place over
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * argon2id's costs for a new hash: the library's defaults (64 MiB, 3 passes, 4 lanes), or the
 * least OWASP's password storage guide allows (19 MiB, 2 passes, 1 lane), for test runs that open
 * accounts by the hundred. A check reads the cost from the hash it checks.
 */
export const HASH_COSTS: Record<"standard" | "minimum", argon2.HashOptions> = {
  standard: {},
  minimum: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
};
export type HashCost = keyof typeof HASH_COSTS;

const turns = concurrencyBound(HASHES_AT_ONCE, MAX_WAITING);

/** Hashing and checking passwords within `bounded`'s turns (the process's own by default). */
export function passwordHashing(bounded = turns, cost: HashCost = "standard") {
  const options: argon2.HashOptions = { type: argon2.argon2id, ...HASH_COSTS[cost] };
  return {
    hash: (password: string) => bounded(() => argon2.hash(password, options)),
    /** False for a wrong password or a malformed hash; "busy" is thrown, never taken for wrong. */
    verify: (hash: string, password: string) =>
      bounded(() => argon2.verify(hash, password).catch(() => false)),
  };
}
export type PasswordHashing = ReturnType<typeof passwordHashing>;

export const verifyPassword = passwordHashing().verify;
