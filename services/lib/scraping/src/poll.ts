import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "@dirabot/platform";
import { backoff } from "@dirabot/platform";

/** ms spread evenly over ±spread (0.2 → 80%–120%), so replicas and runs do not march in step. */
export const jitter = (ms: number, spread = 0.5) =>
  Math.max(0, Math.round(ms * (1 - spread + Math.random() * 2 * spread)));

export { backoff } from "@dirabot/platform";

export interface PollerOptions {
  /** For the log: whose rounds these are. */
  name: string;
  /**
   * One round. Answers how long to wait before the next one, in ms (a round that knows when work
   * is due), or anything else for one jittered interval; a throw waits the back-off. `signal`
   * aborts at stop().
   */
  step(signal: AbortSignal): Promise<unknown>;
  intervalMs: number;
  /** The interval's jitter, ±this share of it (default 0.1). */
  jitter?: number;
  /** The shortest wait between two rounds (default 0). */
  minWaitMs?: number;
  /** After failed rounds in a row: base·2^(n−1) up to max, with jitter. */
  backoff: { baseMs: number; maxMs: number };
  /** Told when the next round is due (a status shows it). */
  onNext?(at: Date): Promise<void>;
  log: Logger;
}

/**
 * Runs `step` now and then again after each wait, until stop(): stop aborts the round in flight
 * (through its signal) and the wait, and resolves once the round has ended. runNow() ends the
 * current wait, or when a round is running, lets the next one start as soon as it ends.
 */
export class Poller {
  readonly #o: PollerOptions;
  readonly #stop = new AbortController();
  #running: Promise<void> | undefined;
  #wake: AbortController | undefined;
  #now = false;
  #failures = 0;

  constructor(options: PollerOptions) {
    this.#o = options;
  }

  start(): void {
    if (this.#stop.signal.aborted) return;
    this.#running ??= this.#forever();
  }

  runNow(): void {
    this.#now = true;
    this.#wake?.abort();
  }

  async stop(): Promise<void> {
    this.#stop.abort(new Error("stopping"));
    await this.#running;
  }

  async #forever(): Promise<void> {
    const o = this.#o;
    const signal = this.#stop.signal;
    while (!signal.aborted) {
      this.#now = false;
      let wait: number;
      try {
        const asked = await o.step(signal);
        this.#failures = 0;
        wait = typeof asked === "number" ? asked : jitter(o.intervalMs, o.jitter ?? 0.1);
      } catch (err) {
        if (signal.aborted) break;
        this.#failures++;
        wait = backoff(this.#failures, o.backoff.baseMs, o.backoff.maxMs);
        o.log.error({ err, failures: this.#failures, retryMs: wait }, `${o.name} round failed`);
      }
      if (signal.aborted) break;
      wait = Math.max(o.minWaitMs ?? 0, wait);
      const wake = new AbortController();
      this.#wake = wake;
      if (this.#now) continue; // asked for while the round ran
      await o.onNext?.(new Date(Date.now() + wait)).catch(() => undefined);
      await sleep(wait, undefined, { signal: AbortSignal.any([signal, wake.signal]) }).catch(() => undefined);
    }
  }
}
