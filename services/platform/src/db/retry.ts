import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely, Transaction } from "kysely";

/** PostgreSQL's codes for "try again": deadlock detected, serialization failure. */
const RETRYABLE = new Set(["40P01", "40001"]);

export const isRetryable = (e: unknown) =>
  typeof e === "object" && e !== null && RETRYABLE.has(String((e as { code?: unknown }).code));

/**
 * Runs `fn` in a transaction, again (up to `attempts` times) when PostgreSQL aborted it as a
 * deadlock victim or a serialization failure. Two writers touching the same rows in different
 * orders (a scraper's upsert and the cleaner's removals, say) may deadlock; PostgreSQL picks one
 * to fail, and running it again is the documented remedy.
 */
export async function retryingTransaction<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
  attempts = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (!isRetryable(e) || attempt >= attempts) throw e;
      await sleep(10 * attempt + Math.random() * 40);
    }
  }
}
