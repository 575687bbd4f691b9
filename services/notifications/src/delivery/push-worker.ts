import type { Logger } from "@dirabot/platform";
import type { PushSender } from "../push/sender.ts";
import type { SubscriptionsRepo } from "../push/subscriptions.repo.ts";
import { backoffMs, MAX_ATTEMPTS } from "./backoff.ts";
import type { ClaimedPush, DeliveriesRepo } from "./deliveries.repo.ts";
import { Drainer } from "./drainer.ts";

export interface WorkerTiming {
  now: () => Date;
  concurrency: number;
  pollMs: number;
  /** One request's time-out; a claim's lease outlasts twice it (the sender's hard cap). */
  timeoutMs: number;
}

/**
 * Drains the push queue: each due push is sent once by whichever replica claims it; 2xx ends it,
 * 404/410 ends the subscription (and its queue), 429/5xx/network errors/time-outs come back after
 * a back-off (Retry-After honoured) until the push's TTL or MAX_ATTEMPTS, other 4xx are given up.
 */
export class PushWorker {
  readonly drainer: Drainer<ClaimedPush>;
  readonly #d: {
    repo: DeliveriesRepo;
    subs: SubscriptionsRepo;
    sender: PushSender;
    log: Logger;
  } & WorkerTiming;

  constructor(
    d: { repo: DeliveriesRepo; subs: SubscriptionsRepo; sender: PushSender; log: Logger } & WorkerTiming,
  ) {
    this.#d = d;
    const lease = 2 * d.timeoutMs + 5000;
    this.drainer = new Drainer({
      name: "push",
      claim: (n) => {
        const now = d.now();
        return d.repo.claimPush(now, new Date(now.getTime() + lease), n);
      },
      handle: (row) => this.#send(row),
      concurrency: d.concurrency,
      pollMs: d.pollMs,
      log: d.log,
    });
  }

  #finished: string[] = [];
  #delivered = new Set<string>();
  #flushing: Promise<void> | undefined;

  /**
   * Ends a push: ids that finish together are deleted in one statement. Until then the row's lease
   * keeps it from being sent again; a crash before the delete sends it once more (at least once).
   */
  #done(id: string, delivered?: string): Promise<void> {
    this.#finished.push(id);
    if (delivered) this.#delivered.add(delivered);
    this.#flushing ??= new Promise<void>((r) => setImmediate(r)).then(async () => {
      const ids = this.#finished.splice(0);
      const endpoints = [...this.#delivered];
      this.#delivered.clear();
      this.#flushing = undefined;
      await this.#d.repo.pushDone(ids, endpoints, this.#d.now());
    });
    return this.#flushing;
  }

  async #send(row: ClaimedPush): Promise<void> {
    const { repo, subs, sender, log } = this.#d;
    const outcome = await sender.send(row, row.payload, {
      ttlSeconds: row.ttl_seconds,
      urgency: row.urgency === "high" ? "high" : "normal",
      topic: row.topic,
    });
    const where = { key: row.key, user: row.user_id, host: hostOf(row.endpoint), attempt: row.attempts };
    switch (outcome.kind) {
      case "sent":
        return this.#done(row.id, row.endpoint);
      case "gone":
        log.info({ ...where, status: outcome.status }, "push subscription gone: removed");
        return subs.gone(row.endpoint);
      case "failed":
        log.warn({ ...where, error: outcome.error }, "push refused: given up");
        return this.#done(row.id);
      case "retry": {
        const at = new Date(this.#d.now().getTime() + backoffMs(row.attempts, outcome.retryAfterMs));
        const expires = row.created_at.getTime() + row.ttl_seconds * 1000;
        if (row.attempts >= MAX_ATTEMPTS || at.getTime() > expires) {
          log.warn({ ...where, error: outcome.error }, "push failed too long: given up");
          return this.#done(row.id);
        }
        log.debug({ ...where, error: outcome.error, retryAt: at }, "push failed: will retry");
        return repo.pushRetry(row.id, at, outcome.error);
      }
    }
  }
}

/** Logs name the push service, never the endpoint (it is the browser's address). */
const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return "?";
  }
};
