import { create, type MessageShape } from "@bufbuild/protobuf";
import type { Outbox } from "@dirabot/platform";
import { retryingTransaction } from "@dirabot/platform/db/retry.ts";
import { ListingCreatedSchema, ListingPriceChangedSchema } from "@dirabot/proto/events/v1/listings_pb.js";
import {
  type IngestOutcome,
  IngestOutcomeSchema,
  type ListingInput,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import type { Trx } from "./db.ts";
import { type ListingRow, type ListingValues, toProto } from "./listing.row.ts";
import type { ListingsRepo } from "./listings.repo.ts";
import { invalidReason, merge } from "./merge.ts";

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
  "posted_at",
];
const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * Upserts what the sources saw. A new listing is placed, linked to its cross-source group and
 * announced (`listing.created`); a changed price is kept in the history and announced
 * (`listing.price_changed`); events are staged in the same transaction as the write.
 */
export class IngestService {
  #repo: ListingsRepo;
  #outbox: Outbox;
  constructor(repo: ListingsRepo, outbox: Outbox) {
    this.#repo = repo;
    this.#outbox = outbox;
  }

  async ingest(inputs: ListingInput[]): Promise<IngestOutcome[]> {
    const outcomes: IngestOutcome[] = [];
    const bySource = new Map<string, ListingInput[]>();
    for (const i of inputs) bySource.set(i.source, [...(bySource.get(i.source) ?? []), i]);
    for (const [source, list] of bySource) {
      for (let at = 0; at < list.length; at += CHUNK) {
        const chunk = list.slice(at, at + CHUNK);
        outcomes.push(
          ...(await retryingTransaction(this.#repo.db, (trx) => this.#chunk(trx, source, chunk))),
        );
      }
    }
    this.#outbox.kick();
    return outcomes;
  }

  /**
   * One transaction: reads the stored rows of the chunk, inserts the new ones with one
   * statement, updates the changed ones, and writes price history and events in bulk.
   */
  async #chunk(trx: Trx, source: string, chunk: ListingInput[]): Promise<IngestOutcome[]> {
    const valid = chunk.filter((i) => !invalidReason(i));
    const stored = await this.#repo.byKeys(trx, source, [...new Set(valid.map((i) => i.externalId))]);
    const fresh = new Map<string, ListingValues>();
    // A key twice in one chunk: its first input creates it, the next ones update it.
    for (const i of valid)
      if (!stored.has(i.externalId) && !fresh.has(i.externalId)) fresh.set(i.externalId, merge(i, undefined));
    const values = [...fresh.values()];
    const groups = await this.#repo.duplicatesOf(trx, values);
    const created = await this.#repo.insertMany(trx, values, groups);
    const createdKeys = new Set(created.map((r) => r.external_id));
    for (const r of created) stored.set(r.external_id, r);
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
        stored.set(input.externalId, r.row);
        out.push(outcome(input.externalId, r.row.id, r.status, r.priceChanged, r.row.has_details));
      }
    }
    await this.#repo.touch(trx, touched);
    await this.#repo.recordPrices(trx, prices);
    const news = created.map((r) => create(ListingCreatedSchema, { listing: toProto(r) }));
    await this.#outbox.stageMany(trx, "listing.created", ListingCreatedSchema, news);
    await this.#outbox.stageMany(trx, "listing.price_changed", ListingPriceChangedSchema, changes);
    return out;
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
