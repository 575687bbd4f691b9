import type { Logger } from "@dirabot/platform";
import { sql } from "kysely";
import type { Db } from "./db.ts";

/**
 * Runs `work` (long polling, or sending broadcasts: `what` says which) on one replica at a time. Telegram answers 409 to a second
 * getUpdates for the same bot, so replicas take a PostgreSQL advisory lock first, on one
 * connection reserved from the service's pool for as long as they poll; the others retry.
 * The embedded database has a single backend session, where advisory locks are re-entrant, so
 * instances in one process also exclude each other here (keyed by bot: Telegram's rule too).
 */
const heldInProcess = new Set<string>();

export class PollLock {
  #db: Db;
  #key: string;
  #retryMs: number;
  #log: Logger;
  #what: string;
  #stopped = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  holding = false;

  constructor(opts: { db: Db; key: string; retryMs: number; log: Logger; what?: string }) {
    this.#what = opts.what ?? "polling";
    this.#db = opts.db;
    this.#key = opts.key;
    this.#retryMs = opts.retryMs;
    this.#log = opts.log;
  }

  #endWork: () => Promise<void> = async () => undefined;

  /** `work` runs while the lock is held; `endWork` makes it return (stop, or the lock is lost). */
  start(work: () => Promise<void>, endWork: () => Promise<void>): void {
    this.#stopped = false;
    this.#endWork = endWork;
    this.#loop = this.#run(work);
  }

  async #run(work: () => Promise<void>): Promise<void> {
    while (!this.#stopped) {
      try {
        await this.#db.connection().execute(async (conn) => {
          if (heldInProcess.has(this.#key)) return;
          const r = await sql<{
            ok: boolean;
          }>`SELECT pg_try_advisory_lock(hashtext(${this.#key})) AS ok`.execute(conn);
          if (!r.rows[0]?.ok || this.#stopped || heldInProcess.has(this.#key)) {
            if (r.rows[0]?.ok) await this.#unlock(conn);
            return;
          }
          heldInProcess.add(this.#key);
          this.holding = true;
          this.#log.info({ lock: this.#key }, `telegram lock taken; ${this.#what}`);
          // A session lock dies with its connection (database restart, failover): check it is
          // alive, and stop polling when it is not, so two replicas never poll for long.
          const beat = setInterval(() => {
            sql`SELECT 1`.execute(conn).catch((err) => {
              this.#log.warn({ err }, `telegram lock connection lost; stop ${this.#what}`);
              void this.#endWork();
            });
          }, this.#retryMs);
          try {
            await work();
          } finally {
            clearInterval(beat);
            this.holding = false;
            heldInProcess.delete(this.#key);
            await this.#unlock(conn);
          }
        });
      } catch (err) {
        this.#log.warn({ err }, `telegram ${this.#what} failed; will retry`);
      }
      if (!this.#stopped) await this.#sleep(this.#retryMs);
    }
  }

  #unlock(conn: Db): Promise<unknown> {
    return sql`SELECT pg_advisory_unlock(hashtext(${this.#key}))`.execute(conn).catch(() => undefined);
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Stops retrying, ends `work` and releases the lock. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#endWork();
    await this.#loop;
  }
}
