import * as dns from "node:dns";
import { Agent } from "node:https";
import { publicLookup, refusedUrl } from "@dirabot/platform";
import webpush, { WebPushError } from "web-push";
import type { VapidKeys } from "./vapid.ts";

/** What became of one push, as the worker acts on it. */
export type PushOutcome =
  | { kind: "sent" }
  | { kind: "gone"; status: number } // 404/410: the subscription is dead
  | { kind: "retry"; status?: number; retryAfterMs?: number; error: string } // 429, 5xx, network, time-out
  | { kind: "failed"; status: number; error: string }; // any other 4xx: retrying changes nothing

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Per request (connect, then silence on the socket); the whole call is capped at twice it. */
  timeoutMs: number;
  /**
   * Tests pass one that trusts their receiver's certificate (their receiver is theirs to allow);
   * production honours NODE_EXTRA_CA_CERTS and reaches public addresses only.
   */
  agent?: Agent;
  /** Private `host:port`s a push may go to (PUSH_PRIVATE_HOSTS: a push service double). */
  privateHosts?: readonly string[];
}

const JWT_LIFE_S = 12 * 3600; // RFC 8292: at most 24 h
const JWT_REUSE_MS = 11 * 3600_000; // a reused token always has an hour left

/** Sends one encrypted push (RFC 8291 aes128gcm, VAPID RFC 8292) and classifies the answer. */
export class PushSender {
  readonly #o: PushSenderOptions;
  readonly #tokens = new Map<string, { header: string; until: number }>();
  /** Without a caller's agent: one that connects to public addresses only, except the named hosts. */
  readonly #publicAgent: Agent;
  constructor(options: PushSenderOptions) {
    this.#o = options;
    // The named hosts' names, worked out once (a lookup runs for every new connection).
    const allowed = new Set((options.privateHosts ?? []).map((h) => new URL(`https://${h}`).hostname));
    this.#publicAgent = new Agent({
      keepAlive: true,
      // The allowed hosts' names resolve as usual; every other name to public addresses only.
      lookup: (hostname, opts, callback) =>
        allowed.has(hostname) ? dns.lookup(hostname, opts, callback) : publicLookup(hostname, opts, callback),
    });
  }

  /**
   * The VAPID Authorization for an endpoint's push service. The JWT names only the service's
   * origin, so one token serves every push to it for hours: signing it (0.8 ms, most of a push's
   * CPU) once per service instead of once per push.
   */
  #authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const hit = this.#tokens.get(audience);
    if (hit && hit.until > now) return hit.header;
    const { subject, publicKey, privateKey } = this.#o.vapid;
    const exp = Math.floor(now / 1000) + JWT_LIFE_S;
    const header = webpush.getVapidHeaders(
      audience,
      subject,
      publicKey,
      privateKey,
      "aes128gcm",
      exp,
    ).Authorization;
    this.#tokens.set(audience, { header, until: now + JWT_REUSE_MS });
    return header;
  }

  async send(
    to: PushTarget,
    payload: string,
    opts: { ttlSeconds: number; urgency: "high" | "normal"; topic: string },
  ): Promise<PushOutcome> {
    const { timeoutMs } = this.#o;
    const agent = this.#o.agent ?? this.#publicAgent;
    // An endpoint is a user's text: a literal private address (never looked up) is refused here,
    // a name resolving to one by the agent when it connects. Retrying changes nothing.
    const refused = this.#o.agent ? undefined : refusedUrl(new URL(to.endpoint), this.#o.privateHosts);
    if (refused) return { kind: "failed", status: 0, error: `refused: ${refused}` };
    const call = webpush.sendNotification(
      { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
      payload,
      {
        // Signed once per push service and reused (see #authorization); null: web-push signs nothing.
        vapidDetails: null as unknown as undefined,
        headers: { Authorization: this.#authorization(to.endpoint) },
        TTL: opts.ttlSeconds,
        urgency: opts.urgency,
        topic: opts.topic || undefined,
        contentEncoding: "aes128gcm",
        timeout: timeoutMs,
        agent,
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${2 * timeoutMs} ms`)), 2 * timeoutMs);
    });
    try {
      await Promise.race([call, deadline]);
      return { kind: "sent" };
    } catch (err) {
      return classify(err);
    } finally {
      clearTimeout(timer);
      call.catch(() => undefined); // the race's loser
    }
  }
}

export function classify(err: unknown): PushOutcome {
  // A name that resolves to a private address: as final as a 4xx.
  if ((err as { code?: string })?.code === "EREFUSEDADDRESS")
    return { kind: "failed", status: 0, error: `refused: ${(err as Error).message}` };
  if (!(err instanceof WebPushError)) return { kind: "retry", error: (err as Error)?.message ?? String(err) };
  const status = err.statusCode;
  const error = `${status} ${String(err.body ?? "").slice(0, 200)}`.trim();
  if (status === 404 || status === 410) return { kind: "gone", status };
  if (status === 429 || status >= 500)
    return { kind: "retry", status, error, retryAfterMs: retryAfter(err.headers?.["retry-after"]) };
  return { kind: "failed", status, error };
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfter(raw: unknown, now = Date.now()): number | undefined {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (typeof v !== "string" || !v.trim()) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
