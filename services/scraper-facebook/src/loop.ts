import type { Logger } from "@dirabot/platform";

/**
 * Runs `step` now and then once per interval (±10% jitter, so replicas and the groups'
 * servers do not see a clock). `stop()` wakes the sleep and waits for the step in flight.
 */
export class Loop {
  #step: () => Promise<unknown>;
  #intervalMs: number;
  #onNext: (at: Date) => Promise<void>;
  #log: Logger;
  #stopped = true;
  #wake: (() => void) | undefined;
  #running: Promise<void> | undefined;

  constructor(opts: {
    step: () => Promise<unknown>;
    intervalMs: number;
    onNext: (at: Date) => Promise<void>;
    log: Logger;
  }) {
    this.#step = opts.step;
    this.#intervalMs = opts.intervalMs;
    this.#onNext = opts.onNext;
    this.#log = opts.log;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#running = this.#run();
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      await this.#step().catch((err) => this.#log.error({ err }, "facebook step failed"));
      if (this.#stopped) break;
      const delay = Math.round(this.#intervalMs * (0.9 + Math.random() * 0.2));
      await this.#onNext(new Date(Date.now() + delay)).catch(() => undefined);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#running;
  }
}
