import { create } from "@bufbuild/protobuf";
import type { Logger } from "@dirabot/platform";
import { type PriceSignal, PriceSignalSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { ListingRow } from "./listing.row.ts";
import type { MedianRow, SignalRepo } from "./signal.repo.ts";

export interface SignalTiming {
  /** Every median is recomputed at least this often (the 30-day window slides; missed changes). */
  maxAgeMs?: number;
  /** A change in unknown neighbourhoods (removals) recomputes every median this much later. */
  settleMs?: number;
  /** This replica reads the table again at least this often (other replicas' refreshes). */
  reloadMs?: number;
}

type Priced = Pick<ListingRow, "id" | "neighborhood_code" | "rooms" | "price" | "kind">;

/**
 * Each listing's price against its area's median ₪ per room. The medians are computed in SQL
 * into a small table (SignalRepo, a few thousand rows) and mirrored here, so a page of listings
 * gets its signals without a query (a lookup per page was a noticeable share of the page's
 * time). They follow the writes: an ingest recomputes the neighbourhoods it
 * touched before it answers; the cleaner's removals recompute every area `settleMs` later (one
 * statement however many came meanwhile); a read finding them older than `maxAgeMs` recomputes
 * them all in the background, and one finding this mirror older than `reloadMs` reads it again.
 */
export class PriceSignals {
  #repo: SignalRepo;
  #log: Logger;
  #timing: Required<SignalTiming>;
  /** neighbourhood code → rooms → median ₪ per room. */
  #medians = new Map<number, Map<number, number>>();
  #loadedAt = 0;
  #lastFullAt = 0;
  #full: Promise<void> | undefined;
  #reload: Promise<void> | undefined;
  /** Reads of the table apply in the order they were asked, so an older one never lands last. */
  #loads: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(repo: SignalRepo, log: Logger, timing: SignalTiming = {}) {
    this.#repo = repo;
    this.#log = log;
    this.#timing = { maxAgeMs: 5 * 60_000, settleMs: 30_000, reloadMs: 30_000, ...timing };
  }

  /**
   * Recomputes the medians of these neighbourhoods and mirrors them. Failures are logged, not
   * thrown: the writes they follow are committed, and the periodic refresh puts them right.
   */
  async refreshHoods(codes: number[]): Promise<void> {
    if (this.#stopped || !codes.length) return;
    await this.#repo
      .refresh(codes)
      .then(() => this.#load(codes))
      .catch((err) => this.#log.warn({ err }, "area medians refresh failed"));
  }

  /** Listings changed in neighbourhoods not known here: every median is recomputed a little later. */
  changed(): void {
    if (this.#stopped) return;
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.refreshAll();
    }, this.#timing.settleMs);
  }

  /** Every median, one refresh at a time (a call while one runs shares it). */
  refreshAll(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    this.#lastFullAt = Date.now();
    this.#full ??= this.#repo
      .refresh()
      .then(() => this.#load())
      .catch((err) => this.#log.warn({ err }, "area medians refresh failed"))
      .finally(() => {
        this.#full = undefined;
      });
    return this.#full;
  }

  /**
   * The signals of these listings by id (absent: none): the median rounded to whole shekels, the
   * listing's ₪ per room over the unrounded median to 2 decimals. Whole flats only (kind
   * apartment): a room's or a sublet's price is not a month's rent of the flat.
   */
  async of(rows: Priced[]): Promise<Map<string, PriceSignal>> {
    const now = Date.now();
    if (!this.#loadedAt) await this.#reloadAll();
    else if (now - this.#loadedAt > this.#timing.reloadMs) void this.#reloadAll();
    if (now - this.#lastFullAt > this.#timing.maxAgeMs) void this.refreshAll();
    return this.mirrored(rows);
  }

  /**
   * The signals from the medians this replica holds, without reading the table: for a caller
   * inside a transaction (ingest's events), where a read on another connection would wait for
   * that transaction on the embedded engine, which serves one at a time.
   */
  mirrored(rows: Priced[]): Map<string, PriceSignal> {
    const out = new Map<string, PriceSignal>();
    for (const r of rows) {
      if (r.kind !== "apartment" || !r.price || !r.rooms || r.neighborhood_code === null) continue;
      const median = this.#medians.get(r.neighborhood_code)?.get(r.rooms);
      if (!median) continue;
      out.set(
        r.id,
        create(PriceSignalSchema, {
          areaMedianPerRoom: Math.round(median),
          ratio: Number((r.price / r.rooms / median).toFixed(2)),
        }),
      );
    }
    return out;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await Promise.all([this.#full, this.#reload, this.#loads]);
  }

  #reloadAll(): Promise<void> {
    this.#reload ??= this.#load()
      .catch((err) => this.#log.warn({ err }, "area medians read failed"))
      .finally(() => {
        this.#reload = undefined;
      });
    return this.#reload;
  }

  /** Reads the table (these neighbourhoods of it) into the mirror. */
  #load(codes?: number[]): Promise<void> {
    const load = this.#loads.then(async () => {
      const rows = await this.#repo.medians(codes);
      if (!codes) {
        this.#medians = byHood(rows);
        this.#loadedAt = Date.now();
        return;
      }
      for (const c of codes) this.#medians.delete(c);
      for (const [c, m] of byHood(rows)) this.#medians.set(c, m);
    });
    this.#loads = load.catch(() => undefined);
    return load;
  }
}

function byHood(rows: MedianRow[]): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const hood = out.get(r.neighborhood_code) ?? new Map<number, number>();
    hood.set(r.rooms, r.median_per_room);
    out.set(r.neighborhood_code, hood);
  }
  return out;
}
