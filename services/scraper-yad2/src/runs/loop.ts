import type { Logger } from "@dirabot/platform";
import type { Leases } from "@dirabot/scraping";
import { backoff, jitter, Poller } from "@dirabot/scraping";
import { isBlocked, reasonOf } from "../yad2/errors.ts";
import { type Figures, noFigures, type SourcesRepo } from "./sources.repo.ts";

/** One piece of work that only one replica may do at a time (a city's crawl, a cleaner batch). */
export interface Unit {
  key: string;
}

/** What a source does; the loop brings schedule, leases, back-off and figures. */
export interface Job<U extends Unit> {
  source: string;
  units(): Promise<U[]>;
  /** Counts into `figures` as it goes, so a failed run still reports what it did. */
  run(unit: U, signal: AbortSignal, figures: Figures): Promise<void>;
  /** After each run (browser mode keeps a screenshot of the last page). */
  afterRun?(): Promise<void>;
}

export interface LoopTiming {
  intervalMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  leaseTtlMs: number;
  /** The shortest wait between two looks at the schedule. */
  idleMs: number;
}

/**
 * Runs a source's due units, one after another, on every replica: a unit is claimed through its
 * lease (the lease is renewed while it runs; losing it abandons the run), finished units are due
 * again one jittered interval later, and a block pauses the whole source with exponential
 * back-off. stop() aborts an in-flight run: its lease is handed back and nothing is recorded.
 */
export class SourceLoop<U extends Unit> {
  readonly #job: Job<U>;
  readonly #leases: Leases;
  readonly #sources: SourcesRepo;
  readonly #t: LoopTiming;
  readonly #owner: string;
  readonly #log: Logger;
  readonly #poller: Poller;

  constructor(opts: {
    job: Job<U>;
    leases: Leases;
    sources: SourcesRepo;
    timing: LoopTiming;
    owner: string;
    log: Logger;
  }) {
    this.#job = opts.job;
    this.#leases = opts.leases;
    this.#sources = opts.sources;
    this.#t = opts.timing;
    this.#owner = opts.owner;
    this.#log = opts.log.child({ source: opts.job.source });
    // A round that throws (the database away) is tried again after a back-off from the shortest
    // wait up to the interval; a blocked source's pause is the schedule's, shared by the replicas.
    this.#poller = new Poller({
      name: "scraper loop",
      step: (signal) => this.tick(signal),
      intervalMs: this.#t.intervalMs,
      minWaitMs: this.#t.idleMs,
      backoff: { baseMs: this.#t.idleMs, maxMs: Math.max(this.#t.idleMs, this.#t.intervalMs) },
      log: this.#log,
    });
  }

  start(): void {
    this.#poller.start();
  }

  /** Aborts the run in flight (its lease is handed back) and waits for it. */
  stop(): Promise<void> {
    return this.#poller.stop();
  }

  /** Runs what is due now; answers how long to wait before looking again. */
  async tick(signal: AbortSignal): Promise<number> {
    const state = await this.#sources.get(this.#job.source);
    const paused = state?.paused_until ? state.paused_until.getTime() - Date.now() : 0;
    if (paused > 0) return paused;
    const units = await this.#job.units();
    const started = new Date();
    const figures = noFigures();
    const ran: string[] = [];
    let error: unknown;
    for (const unit of units) {
      if (signal.aborted) return 0;
      if (!(await this.#leases.claim(unit.key, this.#job.source, this.#owner, this.#t.leaseTtlMs))) continue;
      ran.push(unit.key);
      const outcome = await this.#runUnit(unit, signal);
      if (outcome === "abandoned") return 0;
      add(figures, outcome.figures);
      if (outcome.error !== undefined) {
        error = outcome.error;
        if (isBlocked(error)) break; // the rest waits for the back-off
      }
    }
    if (ran.length > 0) await this.#record(started, ran, figures, error, state?.failures ?? 0);
    const due = await this.#leases.nextDue(units.map((u) => u.key));
    return due ? Math.min(this.#t.intervalMs, due.getTime() - Date.now()) : this.#t.intervalMs;
  }

  async #runUnit(
    unit: U,
    stopSignal: AbortSignal,
  ): Promise<"abandoned" | { figures: Figures; error?: unknown }> {
    const lost = new AbortController();
    const signal = AbortSignal.any([stopSignal, lost.signal]);
    const renew = setInterval(() => {
      this.#leases
        .renew(unit.key, this.#owner, this.#t.leaseTtlMs)
        .then((held) => held || lost.abort(new Error(`lease on ${unit.key} lost`)))
        .catch((err) => this.#log.warn({ err }, "lease renewal failed"));
    }, this.#t.leaseTtlMs / 3);
    const figures = noFigures();
    try {
      await this.#job.run(unit, signal, figures);
      await this.#leases.finish(unit.key, this.#owner, jitter(this.#t.intervalMs, 0.1));
      return { figures };
    } catch (err) {
      if (signal.aborted) {
        await this.#leases.release(unit.key, this.#owner).catch(() => undefined);
        return "abandoned";
      }
      this.#log.warn({ err, unit: unit.key }, "run failed");
      const retry = Math.min(this.#t.intervalMs, backoff(1, this.#t.backoffBaseMs, this.#t.backoffMaxMs));
      await this.#leases.finish(unit.key, this.#owner, isBlocked(err) ? 0 : retry);
      return { figures, error: err };
    } finally {
      clearInterval(renew);
    }
  }

  async #record(started: Date, units: string[], figures: Figures, error: unknown, failures: number) {
    const blocked = error !== undefined && isBlocked(error);
    const pause = blocked ? backoff(failures + 1, this.#t.backoffBaseMs, this.#t.backoffMaxMs) : 0;
    await this.#sources.record({
      source: this.#job.source,
      owner: this.#owner,
      startedAt: started,
      durationMs: Date.now() - started.getTime(),
      units,
      figures,
      error: error === undefined ? undefined : reasonOf(error),
      pausedUntil: blocked ? new Date(Date.now() + pause) : undefined,
      blocked,
    });
    this.#log.info(
      { units, ...figures, ms: Date.now() - started.getTime(), error: error && reasonOf(error) },
      "run done",
    );
    if (blocked) this.#log.warn({ pauseMs: pause, reason: reasonOf(error) }, "blocked: backing off");
    if (figures.capped > 0)
      this.#log.warn({ capped: figures.capped, units }, "map queries still at the cap after every split");
    await this.#job.afterRun?.().catch((err) => this.#log.warn({ err }, "after-run step failed"));
  }
}

function add(into: Figures, f: Figures) {
  for (const k of Object.keys(into) as Array<keyof Figures>) into[k] += f[k];
}
