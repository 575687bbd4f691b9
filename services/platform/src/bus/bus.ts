import { backoff } from "../backoff.ts";

/**
 * The event bus, in one small interface with two engines: NATS JetStream (NATS_URL set) and an
 * in-process bus with the same at-least-once contract. A handler that resolves acknowledges the
 * message; one that throws (or a process that dies first) gets it delivered again.
 */
export interface Delivery {
  subject: string;
  data: Uint8Array;
  /** 1 on the first delivery, more on redeliveries. */
  attempt: number;
}

export interface SubscribeOptions {
  /** Durable consumer name: survives restarts; replicas with the same name share the work. */
  durable: string;
  /** Subject filters; `*` matches one token and `>` the rest, as in NATS. */
  subjects: string[];
  handler(delivery: Delivery): Promise<void>;
  /** How long a delivery may stay unacknowledged before it is redelivered. */
  ackWaitMs?: number;
  /** Deliveries before a message is given up (and logged as dead). */
  maxDeliver?: number;
  /** Deliveries handed to the handler before the first is acknowledged (16 unless said). */
  inFlight?: number;
  /**
   * A new durable starts with the messages published after it was created, unless this is set:
   * then with every message its subjects still hold. For a subject that first exists in the
   * version that also adds its consumer: a publisher of the new version may start before the
   * consumer's durable exists, and what it published meanwhile is still taken.
   */
  fromStart?: boolean;
}

export interface FollowOptions {
  /** Names the follower in logs and, on NATS, starts its consumer's name (each follower's is its own). */
  name: string;
  /** Subject filters, as for `subscribe`. */
  subjects: string[];
  handler(delivery: Delivery): void | Promise<void>;
}

export interface Subscription {
  /** Stops taking new messages and waits for the ones in hand; nothing unfinished is acked. */
  stop(): Promise<void>;
}

export interface Bus {
  readonly kind: "nats" | "memory";
  /** `id` deduplicates: publishing the same id twice delivers it once (within JetStream's window). */
  publish(subject: string, data: Uint8Array, id: string): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /**
   * Every message published from now on, to this process alone (each follower gets them all, not
   * a share), in order: not acknowledged, never redelivered — one the handler fails on is logged
   * and gone. For work that matters only while the process runs, such as pushing to its own sockets.
   */
  follow(options: FollowOptions): Promise<Subscription>;
  close(): Promise<void>;
}

export const STREAM = "DIRABOT";
export const SUBJECT_ROOT = "dirabot";

/** NATS subject matching, used by the in-process bus. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split(".");
  const s = subject.split(".");
  for (let i = 0; i < f.length; i++) {
    if (f[i] === ">") return s.length > i;
    if (i >= s.length || (f[i] !== "*" && f[i] !== s[i])) return false;
  }
  return f.length === s.length;
}

/** A failed delivery's wait before the next attempt: the platform's one back-off, jittered. */
export const backoffMs = (attempt: number) => backoff(attempt, 250, 30_000);
