import { AppError } from "@dirabot/platform";

interface Waiting {
  task: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export interface FairQueueOptions {
  /** Tasks running at once, across every lane. */
  concurrency: number;
  /** Tasks one lane may have waiting; one more is refused as rate_limited. */
  perLane: number;
}

/**
 * Runs tasks one at a time per lane (a person, or a calling service), lanes taking turns, with a
 * bound on what runs at once: one lane's slow tasks hold only that lane. The upstream's pace is the
 * task's own (geocoder-pace.ts), shared across replicas.
 */
export class FairQueue {
  readonly #o: FairQueueOptions;
  readonly #lanes = new Map<string, Waiting[]>();
  /** Lanes with waiting tasks, in turn order. */
  #turns: string[] = [];
  readonly #busy = new Set<string>();

  constructor(options: FairQueueOptions) {
    this.#o = options;
  }

  run<T>(lane: string, task: () => Promise<T>): Promise<T> {
    const waiting = this.#lanes.get(lane) ?? [];
    if (waiting.length >= this.#o.perLane)
      return Promise.reject(
        new AppError("rate_limited", "Too many searches at once, please try again in a moment."),
      );
    const out = new Promise<T>((resolve, reject) => {
      waiting.push({ task, resolve: resolve as (v: unknown) => void, reject });
    });
    if (!this.#lanes.has(lane)) {
      this.#lanes.set(lane, waiting);
      this.#turns.push(lane);
    }
    this.#pump();
    return out;
  }

  #pump(): void {
    while (this.#busy.size < this.#o.concurrency) {
      const i = this.#turns.findIndex((l) => !this.#busy.has(l));
      if (i < 0) return;
      const [lane] = this.#turns.splice(i, 1) as [string];
      const waiting = this.#lanes.get(lane) as Waiting[];
      const next = waiting.shift() as Waiting;
      // A lane with more waiting goes to the back of the turns; an empty one is forgotten.
      if (waiting.length) this.#turns.push(lane);
      else this.#lanes.delete(lane);
      this.#busy.add(lane);
      next
        .task()
        .then(next.resolve, next.reject)
        .finally(() => {
          this.#busy.delete(lane);
          this.#pump();
        });
    }
  }
}
