import { create } from "@bufbuild/protobuf";
import type { Outbox } from "@dirabot/platform";
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
const CHUNK = 50;

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
          ...(await this.#repo.db.transaction().execute((trx) => this.#chunk(trx, source, chunk))),
        );
      }
    }
    this.#outbox.kick();
    return outcomes;
  }

  async #chunk(trx: Trx, source: string, chunk: ListingInput[]): Promise<IngestOutcome[]> {
    const valid = chunk.filter((i) => !invalidReason(i));
    const stored = await this.#repo.byKeys(trx, source, [...new Set(valid.map((i) => i.externalId))]);
    const out: IngestOutcome[] = [];
    for (const input of chunk) {
      const reason = invalidReason(input);
      if (reason) {
        out.push(outcome(input.externalId, "", `invalid: ${reason}`, false, false));
        continue;
      }
      const prev = stored.get(input.externalId);
      const row = prev ? await this.#update(trx, input, prev) : await this.#create(trx, input);
      stored.set(input.externalId, row.row);
      out.push(outcome(input.externalId, row.row.id, row.status, row.priceChanged, row.row.has_details));
    }
    return out;
  }

  async #create(trx: Trx, input: ListingInput) {
    const v = merge(input, undefined);
    const group = await this.#repo.duplicateOf(trx, v);
    const row = await this.#repo.insert(trx, v, group ?? null);
    if (!row) {
      // Another replica inserted the same key a moment ago: treat it as an update.
      const again = (await this.#repo.byKeys(trx, input.source, [input.externalId])).get(input.externalId);
      if (!again) throw new Error(`listing ${input.source}/${input.externalId} vanished during ingest`);
      return this.#update(trx, input, again);
    }
    await this.#repo.recordPrice(trx, row.id, row.price);
    await this.#outbox.stage(
      trx,
      "listing.created",
      ListingCreatedSchema,
      create(ListingCreatedSchema, { listing: toProto(row) }),
    );
    return { row, status: "created", priceChanged: false };
  }

  async #update(trx: Trx, input: ListingInput, prev: ListingRow) {
    const v = merge(input, prev);
    const changed = CHANGES.some((k) => !same(v[k], prev[k])) || v.images.join() !== prev.images.join();
    if (!changed && prev.removed_at === null) {
      await this.#repo.touch(trx, [prev.id]);
      return { row: prev, status: "unchanged", priceChanged: false };
    }
    const row = await this.#repo.update(trx, prev.id, v);
    if (prev.removed_at !== null) await this.#repo.ensureShown(trx, row.canonical_id);
    const priceChanged = row.price !== prev.price;
    if (priceChanged) {
      await this.#repo.recordPrice(trx, row.id, row.price);
      await this.#outbox.stage(
        trx,
        "listing.price_changed",
        ListingPriceChangedSchema,
        create(ListingPriceChangedSchema, {
          listing: toProto(row),
          oldPrice: prev.price ?? 0,
          newPrice: row.price ?? 0,
        }),
      );
    }
    return { row, status: "updated", priceChanged };
  }
}

const outcome = (
  externalId: string,
  id: string,
  status: string,
  priceChanged: boolean,
  hasDetails: boolean,
) => create(IngestOutcomeSchema, { externalId, id, status, priceChanged, hasDetails });
