import type { Logger } from "@dirabot/platform";
import { backoff } from "@dirabot/platform";
import { classify } from "./send.ts";
import type { Claimed, SendQueue } from "./send-queue.repo.ts";

export interface SenderOptions {
  /** What it sends: a broadcast's deliveries, or the bot's notices. */
  repo: SendQueue;
  /** Sends one plain text; fails with grammY's errors (see `classify`). */
  send(chatId: string, text: string): Promise<void>;
  log: Logger;
  /** Messages a second at most, across every chat (Telegram allows a bot about 30). */
  rate: number;
  /** How long one send may take; its lease is twice that. */
  timeoutMs: number;
  /** How often to look for deliveries that came due while idle (a broadcast here kicks at once). */
  pollMs: number;
  now?: () => number;
}

/** Telegram's per-chat limits: one message a second in a private chat, 20 a minute in a group. */
const PRIVATE_GAP_MS = 1000;
const GROUP_GAP_MS = 3000;
/** A try is a send Telegram failed (5xx, time-out); 429s do not count. About 20 minutes of back-off. */
const MAX_ATTEMPTS = 8;
const MAX_IN_FLIGHT = 32;
export const STALE_REASON =
  "Not known whether it arrived: the sender stopped during the send, and it is not sent again so that nobody gets it twice";

/**
 * Delivers broadcasts, one chat at a time, on the one replica that holds the broadcast lock (so
 * the rate below is the bot's, not each replica's). Each send takes a slot of a steady pace
 * (`rate` a second; halved, and paused for its retry_after, whenever Telegram answers 429, then
 * raised again by one a second each second), skips chats sent to within Telegram's per-chat gap,
 * and only then claims its delivery: a claimed row is one whose send starts now, so a sender that
 * dies leaves at most its sends in flight undecided (failed as such, never sent twice).
 */
export class BroadcastSender {
  readonly #o: SenderOptions;
  readonly #now: () => number;
  readonly #inFlight = new Set<Promise<void>>();
  /** Chat → when it may get its next message. */
  readonly #gaps = new Map<string, number>();
  #rate: number;
  #nextSlot = 0;
  #pausedUntil = 0;
  #raisedAt = 0;
  #stopped = false;
  #wake: (() => void) | undefined;
  #kicked = false;

  constructor(options: SenderOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#rate = options.rate;
  }

  /** Sends until `stop()`, then waits for the sends in flight. */
  async run(): Promise<void> {
    this.#stopped = false;
    const { repo, log } = this.#o;
    await this.#continuePace();
    while (!this.#stopped) {
      try {
        const stale = await repo.abandonStale(new Date(this.#now()), STALE_REASON);
        if (stale) log.warn({ deliveries: stale }, "broadcast deliveries interrupted mid-send marked failed");
        while (!this.#stopped && (await this.#sendNext()));
      } catch (err) {
        log.warn({ err }, "broadcast sending failed; will retry");
      }
      if (!this.#stopped) await this.#sleep(this.#o.pollMs, true);
    }
    await Promise.all(this.#inFlight);
  }

  /** A broadcast was recorded: look now rather than at the next poll. */
  kick(): void {
    this.#kicked = true;
    this.#wake?.();
  }

  /** Stops claiming; `run()` returns once the sends in flight are recorded. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
  }

  /** Takes a slot and starts the next due delivery; false when none is due. */
  async #sendNext(): Promise<boolean> {
    if (this.#inFlight.size >= MAX_IN_FLIGHT) await Promise.race(this.#inFlight);
    await this.#slot();
    if (this.#stopped) return false;
    const now = this.#now();
    for (const [chat, until] of this.#gaps) if (until <= now) this.#gaps.delete(chat);
    const row = await this.#o.repo.claim(new Date(now), new Date(now + 2 * this.#o.timeoutMs), [
      ...this.#gaps.keys(),
    ]);
    if (!row) return false;
    this.#gaps.set(row.chat_id, now + (row.chat_id.startsWith("-") ? GROUP_GAP_MS : PRIVATE_GAP_MS));
    const p = this.#deliver(row)
      .catch((err) => this.#o.log.warn({ err, delivery: row.id }, "recording a broadcast delivery failed"))
      .finally(() => this.#inFlight.delete(p));
    this.#inFlight.add(p);
    return true;
  }

  async #deliver(row: Claimed): Promise<void> {
    const { repo, send } = this.#o;
    try {
      await send(row.chat_id, row.content);
      return repo.delivered(row.id);
    } catch (err) {
      const failure = classify(err);
      const now = this.#now();
      if (failure.kind === "refused") return repo.undelivered(row.id, failure.reason);
      if (failure.kind === "throttled") {
        this.#throttled(failure.retryAfterS);
        return repo.later(row.id, new Date(now + failure.retryAfterS * 1000), failure.reason, true);
      }
      if (row.attempts >= MAX_ATTEMPTS)
        return repo.undelivered(row.id, `Gave up after ${row.attempts} tries: ${failure.reason}`);
      const wait = backoff(row.attempts, 1000, 5 * 60_000);
      return repo.later(row.id, new Date(now + wait), failure.reason, false);
    }
  }

  /** Telegram said slow down: nothing for retry_after, then half the pace. */
  #throttled(retryAfterS: number): void {
    const now = this.#now();
    this.#pausedUntil = Math.max(this.#pausedUntil, now + retryAfterS * 1000);
    this.#rate = Math.max(1, this.#rate / 2);
    this.#raisedAt = this.#pausedUntil;
    this.#o.log.info({ retryAfterS, rate: this.#rate }, "telegram asked the broadcast to slow down");
  }

  /**
   * The first slot comes one step of the pace after the latest send of any sender before this one
   * (this process before a restart, another replica before it lost the lock): Telegram counts the
   * bot's messages, not a process's. Unknown (the database away), the pace starts a second out.
   */
  async #continuePace(): Promise<void> {
    let last: number;
    try {
      last = (await this.#o.repo.lastAttempt())?.getTime() ?? 0;
    } catch (err) {
      this.#o.log.warn({ err }, "the last broadcast send is not known: the pace starts a second out");
      last = this.#now() + 1000 - 1000 / this.#rate;
    }
    this.#nextSlot = Math.max(this.#nextSlot, last + 1000 / this.#rate);
  }

  /** Waits for the next slot of the pace; the pace climbs back by one a second each second. */
  async #slot(): Promise<void> {
    const now = this.#now();
    if (this.#rate < this.#o.rate && now - this.#raisedAt >= 1000) {
      this.#rate = Math.min(this.#o.rate, this.#rate + 1);
      this.#raisedAt = now;
    }
    const at = Math.max(now, this.#nextSlot, this.#pausedUntil);
    this.#nextSlot = at + 1000 / this.#rate;
    if (at > now) await this.#sleep(at - now, false);
  }

  /** Sleeps `ms`; stop() wakes it, and so does kick() when `idle` (a pace's wait it does not cut). */
  #sleep(ms: number, idle: boolean): Promise<void> {
    if (idle && this.#kicked) {
      this.#kicked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = () => {
        if (this.#stopped || idle) {
          this.#kicked = false;
          done();
        }
      };
    });
  }
}
