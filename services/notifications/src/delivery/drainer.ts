import type { Logger } from "@dirabot/platform";

export interface DrainerOptions<T> {
  name: string;
  /** Leases up to `n` due rows. */
  claim(n: number): Promise<T[]>;
  /** Sends one; never throws for the send's own failure (it records it). */
  handle(row: T): Promise<void>;
  /** How many sends at once: one slow endpoint holds one slot, not the queue. */
  concurrency: number;
  /** How often to look for rows that came due (retries, held matches, another replica's). */
  pollMs: number;
  /** Wait this long after a kick before claiming, so a burst of kicks claims one batch. */
  gatherMs?: number;
  log: Logger;
}

/**
 * Keeps up to `concurrency` sends in flight: each finished send frees its slot and claims more at
 * once, so a queue of 1,000 never waits for the slowest of a batch. `kick()` after a commit that
 * queued rows; the poll catches everything else.
 */
export class Drainer<T> {
  readonly #o: DrainerOptions<T>;
  #inFlight = 0;
  #claiming = false;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #gathering: NodeJS.Timeout | undefined;
  readonly #running = new Set<Promise<void>>();

  constructor(options: DrainerOptions<T>) {
    this.#o = options;
  }

  start(): void {
    this.#timer = setInterval(() => this.kick(), this.#o.pollMs);
    this.#timer.unref?.();
    this.kick();
  }

  kick(): void {
    if (this.#stopped) return;
    if (this.#o.gatherMs && !this.#gathering) {
      this.#gathering = setTimeout(() => {
        this.#gathering = undefined;
        this.#claim();
      }, this.#o.gatherMs);
      return;
    }
    if (!this.#gathering) this.#claim();
  }

  #claim(): void {
    if (this.#claiming) {
      this.#again = true;
      return;
    }
    void this.#fill();
  }

  async #fill(): Promise<void> {
    this.#claiming = true;
    try {
      do {
        this.#again = false;
        // Claim when a batch's worth of slots is free (or nothing runs): one statement per batch,
        // not one per finished send.
        while (!this.#stopped && this.#free() >= Math.min(this.#lowWater, this.#o.concurrency)) {
          const rows = await this.#o.claim(this.#free());
          if (rows.length === 0) break;
          for (const row of rows) this.#start(row);
        }
      } while (this.#again && !this.#stopped);
    } catch (err) {
      this.#o.log.warn({ err, queue: this.#o.name }, "claiming sends failed; the poll tries again");
    } finally {
      this.#claiming = false;
    }
  }

  get #lowWater(): number {
    return this.#inFlight === 0 ? 1 : Math.max(1, Math.floor(this.#o.concurrency / 8));
  }

  #free(): number {
    return this.#o.concurrency - this.#inFlight;
  }

  #start(row: T): void {
    this.#inFlight++;
    const p = this.#o
      .handle(row)
      .catch((err) => this.#o.log.warn({ err, queue: this.#o.name }, "a send failed unexpectedly"))
      .finally(() => {
        this.#inFlight--;
        this.#running.delete(p);
        this.kick();
      });
    this.#running.add(p);
  }

  /** Stops claiming and waits for the sends in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearTimeout(this.#gathering);
    await Promise.all([...this.#running]);
  }
}
