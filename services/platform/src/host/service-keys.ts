import { createHash } from "node:crypto";
import { callPairs } from "./callers.ts";

/**
 * The keys service credentials are signed with: one per (caller, callee) pair, "caller>callee",
 * so a process holds only the keys of the calls it makes and of the calls made to it, and a
 * leaked one mints nothing else (docs/decisions/0156-each-service-may-do-only-its-job.md). Each is derived from the deployment's master
 * secret the way the Helm chart derives it with sprig's `sha256sum`.
 */
export function deriveKey(master: string, pair: string): string {
  return createHash("sha256").update(`${master}|${pair}`).digest("hex");
}

/** The SERVICE_KEYS value of one component: its own pairs (either end), each with its key. */
export function keysFor(master: string, component: string): string {
  return callPairs()
    .filter((p) => p.split(">").includes(component))
    .map((p) => `${p}=${deriveKey(master, p)}`)
    .join(",");
}

const PAIRS = new Set(callPairs());

export class ServiceKeys {
  readonly #master: string | undefined;
  readonly #keys = new Map<string, Uint8Array>();

  private constructor(master?: string) {
    this.#master = master;
  }

  /** Every pair's key, derived on demand (one process; tests). */
  static fromSecret(master: string): ServiceKeys {
    if (master.length < 32) throw new Error("SERVICE_SECRET must be at least 32 characters");
    return new ServiceKeys(master);
  }

  /** Only the keys given: SERVICE_KEYS, "caller>callee=key" comma-separated. */
  static parse(list: string): ServiceKeys {
    const keys = new ServiceKeys();
    for (const entry of list.split(",").filter(Boolean)) {
      const at = entry.indexOf("=");
      keys.#keys.set(entry.slice(0, at), new TextEncoder().encode(entry.slice(at + 1)));
    }
    return keys;
  }

  /** The key of `caller>callee`, if this process holds it. */
  get(pair: string): Uint8Array | undefined {
    const held = this.#keys.get(pair);
    // Only pairs the table allows are derived: a token's claimed pair cannot grow the map.
    if (held || this.#master === undefined || !PAIRS.has(pair)) return held;
    const key = new TextEncoder().encode(deriveKey(this.#master, pair));
    this.#keys.set(pair, key);
    return key;
  }
}
