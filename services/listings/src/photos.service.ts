import type { Logger } from "@dirabot/platform";
import { fetchPublic, retryingTransaction } from "@dirabot/platform";
import type { Trx } from "./db.ts";
import type { ListingRow } from "./listing.row.ts";
import type { ListingsRepo } from "./listings.repo.ts";
import { photoHash } from "./photo-hash.ts";
import type { PhotoJob, PhotosRepo } from "./photos.repo.ts";

/** How photo hashing paces itself (tests make it quick). */
export interface PhotoTiming {
  /** One fetch of a photo gives up after this long. */
  fetchTimeoutMs?: number;
  /** Looks for due photos this often when not woken by an ingest. */
  pollMs?: number;
  /** The first retry after a failure; each next one waits 4 times longer, at most 6 hours. */
  retryBaseMs?: number;
  /** Failed fetches before a photo is given up. */
  maxTries?: number;
  /** A new listing waits this long at most for its photo before it is announced anyway. */
  maxHoldMs?: number;
  /**
   * Photos on private addresses fetched too (tests' local doubles). Never in the product: a photo
   * URL comes from a scraped page, and must not make the service call inside the network.
   */
  allowPrivateHosts?: boolean | string[];
}

/** A photo larger than this is not a listing's photo (nor fetched whole). */
const MAX_BYTES = 10 * 1024 * 1024;
/** Photos fetched at once, and claimed per round. */
const BATCH = 8;
const MAX_RETRY_MS = 6 * 3_600_000;

/** The bytes of a photo: http(s), public addresses only, within the time and size limits. */
const fetchPhoto = (url: string, timeoutMs: number, allowPrivate: boolean | string[], signal: AbortSignal) =>
  fetchPublic(url, { timeoutMs, maxBytes: MAX_BYTES, accept: "image/*", allowPrivate, signal });

/**
 * Hashes listings' first photos after ingest, off the ingest's path: a queue on the listings
 * table (`photo_due`), worked by every replica (claims with a lease), woken by each ingest and
 * polled besides. A hashed photo may take a lone listing into the group of the same photo
 * elsewhere; a failed fetch is retried later with back-off, never holding anything but the
 * listing's first announcement, which goes out after the first try whatever it gave.
 */
export class PhotoHasher {
  readonly #photos: PhotosRepo;
  readonly #listings: ListingsRepo;
  readonly #announce: (trx: Trx, rows: ListingRow[]) => Promise<void>;
  readonly #announced: () => void;
  readonly #log: Logger;
  readonly #timing: Required<PhotoTiming>;
  #running = false;
  #loop: Promise<void> | undefined;
  #sweep: ReturnType<typeof setInterval> | undefined;
  #wake: (() => void) | undefined;
  #woken = false;
  /** Stopping ends the fetches in flight: a slow photo host never holds a shutdown. */
  readonly #stopping = new AbortController();

  constructor(deps: {
    photos: PhotosRepo;
    listings: ListingsRepo;
    /** Stages `listing.created` for listings whose announcement waited for their photo. */
    announce: (trx: Trx, rows: ListingRow[]) => Promise<void>;
    /** After the commit of an announcement: the outbox publishes it now. */
    announced: () => void;
    log: Logger;
    timing?: PhotoTiming;
  }) {
    this.#photos = deps.photos;
    this.#listings = deps.listings;
    this.#announce = deps.announce;
    this.#announced = deps.announced;
    this.#log = deps.log;
    this.#timing = {
      fetchTimeoutMs: 10_000,
      pollMs: 5_000,
      retryBaseMs: 60_000,
      maxTries: 6,
      maxHoldMs: 30_000,
      allowPrivateHosts: false,
      ...deps.timing,
    };
  }

  start(): void {
    this.#running = true;
    this.#loop = this.#work();
    // Apart from the rounds, which may be waiting on slow photos.
    this.#sweep = setInterval(() => {
      this.releaseOverdue().catch((err: unknown) =>
        this.#log.warn({ err }, "releasing held listings failed; trying again at the next poll"),
      );
    }, this.#timing.pollMs);
  }

  /** Announces the held listings that waited `maxHoldMs` for their photo. Answers how many. */
  async releaseOverdue(): Promise<number> {
    const n = await retryingTransaction(this.#listings.db, async (trx) => {
      const rows = await this.#photos.overdue(trx, this.#timing.maxHoldMs);
      if (rows.length) await this.#announce(trx, rows);
      return rows.length;
    });
    if (n) {
      this.#announced();
      this.#log.info({ listings: n }, "listings announced before their photo was hashed (held too long)");
    }
    return n;
  }

  /** New photos are due: look now rather than at the next poll. */
  kick(): void {
    this.#woken = true;
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping.abort();
    clearInterval(this.#sweep);
    this.#wake?.();
    await this.#loop;
  }

  async #work(): Promise<void> {
    while (this.#running) {
      let busy = false;
      try {
        busy = (await this.round()) > 0;
      } catch (err) {
        this.#log.warn({ err }, "photo hashing round failed; trying again at the next poll");
      }
      if (busy || !this.#running) continue;
      if (!this.#woken)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#timing.pollMs);
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      this.#woken = false;
      this.#wake = undefined;
    }
  }

  /** One round: claims due photos, fetches and hashes them at once, records each. Answers how many. */
  async round(): Promise<number> {
    const jobs = await this.#photos.claim(BATCH, Math.max(60_000, this.#timing.fetchTimeoutMs * 4));
    await Promise.all(
      jobs.map(async (job) => {
        const hash = await fetchPhoto(
          job.url,
          this.#timing.fetchTimeoutMs,
          this.#timing.allowPrivateHosts,
          this.#stopping.signal,
        ).then(photoHash, (err: unknown) => err);
        // Cut short by the stop: no verdict on the photo; its claim lapses and it is tried again.
        if (this.#stopping.signal.aborted) return;
        await retryingTransaction(this.#listings.db, (trx) => this.#record(trx, job, hash));
      }),
    );
    if (jobs.some((j) => j.held)) this.#announced();
    return jobs.length;
  }

  async #record(trx: Trx, job: PhotoJob, result: unknown): Promise<void> {
    let row: ListingRow | undefined;
    if (typeof result === "bigint") {
      row = await this.#photos.hashed(trx, job.id, result);
      const group = row && (await this.#photos.joinByPhoto(trx, row, result));
      if (group) {
        await this.#listings.ensureShown(trx, group);
        this.#log.info({ listing: job.id, group }, "listing joined a group by its first photo");
      }
    } else {
      const tries = job.tries + 1;
      const retry =
        tries >= this.#timing.maxTries
          ? null
          : new Date(Date.now() + Math.min(MAX_RETRY_MS, this.#timing.retryBaseMs * 4 ** (tries - 1)));
      row = await this.#photos.failed(trx, job.id, tries, retry);
      this.#log.info(
        { listing: job.id, tries, retry, reason: result instanceof Error ? result.message : String(result) },
        "listing photo not hashed",
      );
    }
    // Still held (not released as overdue meanwhile): announced now, in its group if it joined one.
    const released = row && job.held ? await this.#photos.release(trx, job.id) : undefined;
    if (released) await this.#announce(trx, [released]);
  }
}
