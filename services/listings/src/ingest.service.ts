import { create, type MessageShape } from "@bufbuild/protobuf";
import type { Outbox } from "@dirabot/platform";
import { retryingTransaction } from "@dirabot/platform";
import { ListingCreated, ListingFactsChanged, ListingPriceChanged } from "@dirabot/proto/events";
import {
  ListingCreatedSchema,
  ListingFactsChangedSchema,
  ListingPriceChangedSchema,
} from "@dirabot/proto/events/v1/listings_pb.js";
import {
  type IngestOutcome,
  IngestOutcomeSchema,
  type Listing,
  type ListingInput,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import type { Trx } from "./db.ts";
import { FACTS, factDiffs } from "./facts.ts";
import { type ListingRow, type ListingValues, toProto } from "./listing.row.ts";
import type { ListingsRepo } from "./listings.repo.ts";
import { invalidReason, merge } from "./merge.ts";
import type { PhotosRepo } from "./photos.repo.ts";
import type { PriceSignals } from "./signal.service.ts";
import type { WarningsService } from "./warnings.service.ts";

/** Inputs per transaction: short transactions (the embedded engine runs one at a time). */
const CHUNK = 100;

const CHANGES: (keyof ListingValues)[] = [
  "description",
  "street",
  "house_number",
  "city",
  "neighborhood",
  "neighborhood_code",
  "rooms",
  "size",
  "floor",
  "price",
  "phone",
  "link",
  "merchant",
  "lat",
  "lon",
  "contact_name",
  "agency",
  "entry_date",
  "kind",
  "source_group",
  "posted_at",
  ...FACTS.map(([col]) => col),
];
const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * Upserts what the sources saw. A new listing is placed, linked to its cross-source group and
 * announced (`listing.created`); a changed price is kept in the history and announced
 * (`listing.price_changed`); facts learnt or changed on a listing already announced are announced
 * (`listing.facts_changed`) and a known fact that changed is kept for the story; events are
 * staged in the same transaction as the write.
 */
export class IngestService {
  #repo: ListingsRepo;
  #outbox: Outbox;
  #changed: (neighborhoodCodes: number[]) => Promise<void>;
  #warn: { signals: PriceSignals; warnings: WarningsService } | undefined;
  #photos: { repo: PhotosRepo; kick: () => void } | undefined;
  /**
   * `changed` gets the neighbourhoods of what a batch created or changed, once committed. With
   * `warn`, the listings the events carry have their warnings: a chat keeps the listing as it was
   * announced, so its card shows the warnings of that moment. With `photos`, first photos are
   * queued for hashing, and a new listing with a photo and no duplicate by its text is announced
   * by the photo hasher once the photo was tried (it may join a group by it).
   */
  constructor(
    repo: ListingsRepo,
    outbox: Outbox,
    changed: (neighborhoodCodes: number[]) => Promise<void> = async () => {},
    warn?: { signals: PriceSignals; warnings: WarningsService },
    photos?: { repo: PhotosRepo; kick: () => void },
  ) {
    this.#repo = repo;
    this.#outbox = outbox;
    this.#changed = changed;
    this.#warn = warn;
    this.#photos = photos;
  }

  async ingest(inputs: ListingInput[]): Promise<IngestOutcome[]> {
    const outcomes: IngestOutcome[] = [];
    const hoods = new Set<number>();
    const bySource = new Map<string, ListingInput[]>();
    for (const i of inputs) bySource.set(i.source, [...(bySource.get(i.source) ?? []), i]);
    for (const [source, list] of bySource) {
      for (let at = 0; at < list.length; at += CHUNK) {
        const chunk = list.slice(at, at + CHUNK);
        outcomes.push(
          ...(await retryingTransaction(this.#repo.db, (trx) => this.#chunk(trx, source, chunk, hoods))),
        );
      }
    }
    this.#outbox.kick();
    this.#photos?.kick();
    if (hoods.size) await this.#changed([...hoods]);
    return outcomes;
  }

  /**
   * One transaction: reads the stored rows of the chunk, inserts the new ones with one
   * statement, updates the changed ones, and writes price history and events in bulk.
   */
  async #chunk(
    trx: Trx,
    source: string,
    chunk: ListingInput[],
    hoods: Set<number>,
  ): Promise<IngestOutcome[]> {
    const valid = chunk.filter((i) => !invalidReason(i));
    const stored = await this.#repo.byKeys(trx, source, [...new Set(valid.map((i) => i.externalId))]);
    const fresh = new Map<string, ListingValues>();
    // A key twice in one chunk: its first input creates it, the next ones update it.
    for (const i of valid)
      if (!stored.has(i.externalId) && !fresh.has(i.externalId)) fresh.set(i.externalId, merge(i, undefined));
    const values = [...fresh.values()];
    const groups = await this.#repo.duplicatesOf(trx, values);
    const created = await this.#repo.insertMany(trx, values, groups);
    // A relisting joins a group whose members may all be removed: one of a group's live members
    // is always shown.
    for (const g of new Set(created.filter((r) => r.canonical_id !== r.id).map((r) => r.canonical_id)))
      await this.#repo.ensureShown(trx, g);
    // A lone new listing with a photo waits for it: the same photo may put it in a group.
    const held = new Set(
      this.#photos
        ? created.filter((r) => r.images.length > 0 && r.canonical_id === r.id).map((r) => r.id)
        : [],
    );
    const newPhotos = [...created];
    const createdKeys = new Set(created.map((r) => r.external_id));
    for (const r of created) {
      stored.set(r.external_id, r);
      if (r.neighborhood_code !== null) hoods.add(r.neighborhood_code);
    }
    if (created.length < values.length) {
      // Keys another replica inserted meanwhile: read them and treat these inputs as updates.
      const late = values.filter((v) => !createdKeys.has(v.external_id)).map((v) => v.external_id);
      for (const [k, r] of await this.#repo.byKeys(trx, source, late)) stored.set(k, r);
    }
    const touched: string[] = [];
    const prices: { listing_id: string; price: number | null }[] = created.map((r) => ({
      listing_id: r.id,
      price: r.price,
    }));
    const changes: MessageShape<typeof ListingPriceChangedSchema>[] = [];
    const factEvents: MessageShape<typeof ListingFactsChangedSchema>[] = [];
    const factRows: Parameters<ListingsRepo["recordFactChanges"]>[1] = [];
    const createdIds = new Set(created.map((r) => r.id));
    const out: IngestOutcome[] = [];
    for (const input of chunk) {
      const reason = invalidReason(input);
      const prev = stored.get(input.externalId);
      if (reason || !prev) {
        out.push(outcome(input.externalId, "", `invalid: ${reason ?? "not stored"}`, false, false));
      } else if (createdKeys.delete(input.externalId)) {
        out.push(outcome(input.externalId, prev.id, "created", false, prev.has_details));
      } else {
        const r = await this.#update(trx, input, prev);
        if (r.status === "unchanged") touched.push(prev.id);
        else for (const c of [prev.neighborhood_code, r.row.neighborhood_code]) if (c !== null) hoods.add(c);
        if (r.row.images[0] !== prev.images[0]) newPhotos.push(r.row);
        if (r.priceChanged) {
          prices.push({ listing_id: r.row.id, price: r.row.price });
          changes.push(
            create(ListingPriceChangedSchema, {
              listing: toProto(r.row),
              oldPrice: prev.price ?? 0,
              newPrice: r.row.price ?? 0,
            }),
          );
        }
        const diffs = r.status === "updated" ? factDiffs(prev, r.row) : [];
        for (const d of diffs)
          if (d.from !== null)
            factRows.push({ listing_id: r.row.id, fact: d.col, from_value: d.from, to_value: d.to });
        // Not announced yet (created in this chunk, or held for its photo): its announcement
        // will carry the facts as they are then.
        if (diffs.length && !createdIds.has(prev.id) && !prev.announce_held)
          factEvents.push(
            create(ListingFactsChangedSchema, {
              listing: toProto(r.row),
              changes: diffs.map((d) => ({ fact: d.col, from: d.from ?? undefined, to: d.to })),
            }),
          );
        stored.set(input.externalId, r.row);
        out.push(outcome(input.externalId, r.row.id, r.status, r.priceChanged, r.row.has_details));
      }
    }
    await this.#repo.touch(trx, touched);
    await this.#repo.recordPrices(trx, prices);
    await this.#repo.recordFactChanges(trx, factRows);
    await this.#photos?.repo.due(trx, newPhotos, held);
    await this.#withWarnings(trx, [...changes, ...factEvents]);
    // A key twice in the chunk: the listing is announced as its last input left it.
    await this.announceCreated(
      trx,
      created.filter((r) => !held.has(r.id)).map((r) => stored.get(r.external_id) ?? r),
    );
    await this.#outbox.stageMany(trx, ListingPriceChanged, changes);
    await this.#outbox.stageMany(trx, ListingFactsChanged, factEvents);
    return out;
  }

  /** Stages `listing.created` for new listings, with their warnings, in the caller's transaction. */
  async announceCreated(trx: Trx, rows: ListingRow[]): Promise<void> {
    const news = rows.map((r) => create(ListingCreatedSchema, { listing: toProto(r) }));
    await this.#withWarnings(trx, news);
    await this.#outbox.stageMany(trx, ListingCreated, news);
  }

  /** The warnings of the announced listings: one phone query for the chunk (its own rows count). */
  async #withWarnings(trx: Trx, events: { listing?: Listing }[]): Promise<void> {
    const listings = events.flatMap((e) => (e.listing ? [e.listing] : []));
    if (!this.#warn || !listings.length) return;
    const rows = listings.map((l) => ({
      id: l.id,
      description: l.description,
      phone: l.phone,
      merchant: l.merchant ?? null,
      rooms: l.rooms ?? null,
      neighborhood: l.neighborhood,
      neighborhood_code: l.neighborhoodCode ?? null,
      price: l.price ?? null,
      kind: l.kind,
    }));
    // The mirror only: reading the medians' table from here would wait for this transaction.
    const signals = this.#warn.signals.mirrored(rows);
    const warned = await this.#warn.warnings.of(rows, signals, trx);
    for (const l of listings) l.warnings = warned.get(l.id) ?? [];
  }

  async #update(trx: Trx, input: ListingInput, prev: ListingRow) {
    const v = merge(input, prev);
    const changed = CHANGES.some((k) => !same(v[k], prev[k])) || v.images.join() !== prev.images.join();
    if (!changed && prev.removed_at === null) return { row: prev, status: "unchanged", priceChanged: false };
    const row = await this.#repo.update(trx, prev.id, v);
    if (prev.removed_at !== null) await this.#repo.ensureShown(trx, row.canonical_id);
    return { row, status: "updated", priceChanged: row.price !== prev.price };
  }
}

const outcome = (
  externalId: string,
  id: string,
  status: string,
  priceChanged: boolean,
  hasDetails: boolean,
) => create(IngestOutcomeSchema, { externalId, id, status, priceChanged, hasDetails });
