import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../logger.ts";
import {
  type Bus,
  backoffMs,
  type FollowOptions,
  type SubscribeOptions,
  type Subscription,
  subjectMatches,
} from "./bus.ts";

interface Consumer {
  options: SubscribeOptions;
  /** Deliveries taken and not yet done: handled, waiting for a place, or between retries. */
  inFlight: Set<Promise<void>>;
  stopped: boolean;
  /** Deliveries holding one of the consumer's `inFlight` places, and those waiting, in order. */
  busy: number;
  waiting: (() => void)[];
}

/**
 * The one-process bus. `publish` resolves once every interested consumer has acknowledged the
 * message (or given it up), so the outbox marks an event published only after it was handled:
 * a crash before that leaves it in the outbox and it is delivered again after the restart.
 */
export class MemoryBus implements Bus {
  readonly kind = "memory" as const;
  #consumers = new Map<string, Consumer>();
  #followers = new Set<FollowOptions>();
  #seen = new Map<string, number>();
  #log: Logger;

  constructor(log: Logger) {
    this.#log = log;
  }

  async publish(subject: string, data: Uint8Array, id: string): Promise<void> {
    const now = Date.now();
    // Ids are kept in the order first seen: prune from the oldest and stop at the first still in
    // the window (a full scan per publish made a burst of n events cost n² steps).
    for (const [k, t] of this.#seen) {
      if (now - t <= 120_000) break;
      this.#seen.delete(k);
    }
    if (this.#seen.has(id)) return; // JetStream's duplicate window, same rule
    this.#seen.set(id, now);
    const targets = [...this.#consumers.values()].filter(
      (c) => !c.stopped && c.options.subjects.some((f) => subjectMatches(f, subject)),
    );
    const followers = [...this.#followers].filter((f) => f.subjects.some((s) => subjectMatches(s, subject)));
    await Promise.all([
      ...targets.map((c) => this.#deliver(c, subject, data, id)),
      ...followers.map((f) => this.#tell(f, subject, data, id)),
    ]);
  }

  /** A follower's one delivery: a failure is logged, not retried. */
  async #tell(f: FollowOptions, subject: string, data: Uint8Array, id: string): Promise<void> {
    try {
      await f.handler({ subject, data, attempt: 1 });
    } catch (err) {
      this.#log.warn({ err, subject, id, follower: f.name }, "event not followed");
    }
  }

  /**
   * A place among the consumer's `inFlight` deliveries, handed on in the order asked for: as on
   * JetStream, a consumer of one at a time sees a relay's batch one event after another, in the
   * order published, rather than all of them at once. A failed delivery gives its place up for
   * its back-off, as a nak does on JetStream: one poison event does not hold the others up.
   */
  async #place(c: Consumer): Promise<() => void> {
    if (c.busy < (c.options.inFlight ?? 16)) c.busy++;
    else await new Promise<void>((r) => c.waiting.push(r));
    return () => {
      const next = c.waiting.shift();
      if (next) next();
      else c.busy--;
    };
  }

  /**
   * Every delivery published before the consumer stopped is handled, even one still waiting for
   * its place: `stop` waits for them all, as it waited for the handlers in flight when each
   * started at once. After the stop only retries are given up.
   */
  #deliver(c: Consumer, subject: string, data: Uint8Array, id: string): Promise<void> {
    const delivery = this.#attempts(c, subject, data, id);
    c.inFlight.add(delivery);
    return delivery.finally(() => c.inFlight.delete(delivery));
  }

  async #attempts(c: Consumer, subject: string, data: Uint8Array, id: string): Promise<void> {
    const max = c.options.maxDeliver ?? 20;
    for (let attempt = 1; attempt <= max && (attempt === 1 || !c.stopped); attempt++) {
      const release = await this.#place(c);
      try {
        await c.options.handler({ subject, data, attempt });
        return;
      } catch (err) {
        this.#log.warn(
          { err, subject, id, attempt, consumer: c.options.durable },
          "event handler failed; will retry",
        );
      } finally {
        release();
      }
      if (!c.stopped) await sleep(backoffMs(attempt));
    }
    if (c.stopped) throw new Error(`consumer ${c.options.durable} stopped before handling ${id}`);
    this.#log.error({ subject, id, consumer: c.options.durable }, "event given up after max deliveries");
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const consumer: Consumer = { options, inFlight: new Set(), stopped: false, busy: 0, waiting: [] };
    this.#consumers.set(options.durable, consumer);
    return {
      stop: async () => {
        consumer.stopped = true;
        await Promise.allSettled([...consumer.inFlight]);
        if (this.#consumers.get(options.durable) === consumer) this.#consumers.delete(options.durable);
      },
    };
  }

  async follow(options: FollowOptions): Promise<Subscription> {
    // A copy: the same options followed twice are two followers.
    const follower = { ...options };
    this.#followers.add(follower);
    return {
      stop: async () => {
        this.#followers.delete(follower);
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.#consumers.keys()].map((k) => this.#consumers.get(k)?.inFlight));
  }
}
