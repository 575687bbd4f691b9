import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type GetListingResponse, GetListingResponseSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { BrowseService } from "./browse.service.ts";
import { groupFacts } from "./facts.ts";
import { toProto } from "./listing.row.ts";
import type { PriceSignals } from "./signal.service.ts";
import type { StoryRepo } from "./story.repo.ts";
import type { WarningsService } from "./warnings.service.ts";

/** One listing with its price signal, its warnings and its flat's story across the duplicate group. */
export class StoryService {
  #browse: BrowseService;
  #repo: StoryRepo;
  #signals: PriceSignals;
  #warnings: WarningsService;
  constructor(browse: BrowseService, repo: StoryRepo, signals: PriceSignals, warnings: WarningsService) {
    this.#browse = browse;
    this.#repo = repo;
    this.#signals = signals;
    this.#warnings = warnings;
  }

  async get(id: string): Promise<GetListingResponse> {
    const row = await this.#browse.get(id);
    const [sources, prices, factChanges, [signals, warnings]] = await Promise.all([
      this.#repo.sources(row.canonical_id),
      this.#repo.prices(row.canonical_id),
      this.#repo.factChanges(row.canonical_id),
      // The price warning reads the signal.
      this.#signals.of([row]).then(async (s) => [s, await this.#warnings.of([row], s)] as const),
    ]);
    // The group holds the listing itself (a listing never changes group), first seen first.
    const first = sources[0]?.first_seen_at ?? row.first_seen_at;
    // The group's facts: this listing's word first, then the others', newest first.
    const others = sources.filter((s) => s.id !== row.id).reverse();
    const listing = toProto(row, signals.get(row.id), groupFacts([row, ...others]));
    listing.warnings = warnings.get(row.id) ?? [];
    return create(GetListingResponseSchema, {
      listing,
      firstSeenAt: timestampFromDate(first),
      sources: sources.map((s) => ({
        id: s.id,
        source: s.source,
        link: s.link,
        sourceGroup: s.source_group ?? "",
        firstSeenAt: timestampFromDate(s.first_seen_at),
        lastSeenAt: timestampFromDate(s.last_seen_at),
        removedAt: s.removed_at ? timestampFromDate(s.removed_at) : undefined,
      })),
      priceHistory: prices.map((p) => ({
        price: p.price ?? undefined,
        at: timestampFromDate(p.at),
      })),
      factChanges: factChanges.map((c) => ({ ...c, at: timestampFromDate(c.at) })),
    });
  }
}
