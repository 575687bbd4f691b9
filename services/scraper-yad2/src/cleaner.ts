import type { Client } from "@connectrpc/connect";
import type { CheckResult, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { eachLimit } from "./pace.ts";
import type { Job, Unit } from "./runs/loop.ts";
import type { Figures } from "./runs/sources.repo.ts";
import type { Yad2Client } from "./yad2/client.ts";
import { isBlocked, reasonOf, SourceError } from "./yad2/errors.ts";

/**
 * The yad2-cleaner source: re-checks the active Yad2 listings that were checked longest ago,
 * a bounded batch per run. Gone (404 or a page without the item) → removed; there → alive;
 * a block or any other failure records nothing for that item, so it is never removed by mistake.
 */
export class Cleaner implements Job<Unit> {
  readonly source = "yad2-cleaner";
  readonly #yad2: Yad2Client;
  readonly #listings: Client<typeof ListingsService>;
  readonly #batch: number;
  readonly #concurrency: number;
  readonly #pace: (signal: AbortSignal) => Promise<void>;

  constructor(opts: {
    yad2: Yad2Client;
    listings: Client<typeof ListingsService>;
    batch: number;
    concurrency: number;
    pace: (signal: AbortSignal) => Promise<void>;
  }) {
    this.#yad2 = opts.yad2;
    this.#listings = opts.listings;
    this.#batch = opts.batch;
    this.#concurrency = opts.concurrency;
    this.#pace = opts.pace;
  }

  async units(): Promise<Unit[]> {
    return [{ key: "yad2-cleaner:batch" }];
  }

  async run(_unit: Unit, signal: AbortSignal, f: Figures): Promise<void> {
    const { items } = await this.#listings.listForCheck({ source: "yad2", limit: this.#batch }, { signal });
    const results: Array<Pick<CheckResult, "externalId" | "outcome">> = [];
    let stopped: unknown;
    let lastFailure: unknown;
    await eachLimit(items, this.#concurrency, async (item) => {
      await this.#pace(signal);
      f.requests++;
      try {
        const answer = await this.#yad2.item(item.externalId, signal);
        results.push({ externalId: item.externalId, outcome: answer.gone ? "removed" : "alive" });
        f.fetched++;
      } catch (err) {
        if (signal.aborted || isBlocked(err)) throw err;
        f.failed++;
        lastFailure = err;
      }
    }).catch((err) => {
      stopped = err;
    });
    // Not one answer: Yad2 is failing, and the run says so (still recording nothing).
    if (stopped === undefined && lastFailure !== undefined && results.length === 0)
      stopped = new SourceError(`every check failed: ${reasonOf(lastFailure)}`);
    if (results.length > 0 && !signal.aborted) {
      const res = await this.#listings.recordChecks({ source: "yad2", results }, { signal });
      f.removed += res.removed;
    }
    if (stopped !== undefined) throw stopped;
  }
}
