import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter, HandlerContext } from "@connectrpc/connect";
import { callerOf, maybeActor } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { BrowseService } from "./browse.service.ts";
import type { GeocodeService } from "./geocode.service.ts";
import type { IngestService } from "./ingest.service.ts";
import { toProto } from "./listing.row.ts";
import type { PriceSignals } from "./signal.service.ts";
import type { StoryService } from "./story.service.ts";
import type { WarningsService } from "./warnings.service.ts";

/** One thin handler per RPC: the rules live in the services (errors are mapped by the host). */
export function routes(deps: {
  ingest: IngestService;
  browse: BrowseService;
  geocoder: GeocodeService;
  story: StoryService;
  signals: PriceSignals;
  warnings: WarningsService;
}) {
  const { ingest, browse, geocoder, story, signals, warnings } = deps;
  return (router: ConnectRouter) =>
    router.service(ListingsService, {
      ingest: async (r) => ({ outcomes: await ingest.ingest(r.listings) }),
      listListings: async (r) => {
        const l = await browse.list(r.filter, r.page, r.limit, r.mapView, r.sort);
        const signal = await signals.of(l.rows);
        const warned = await warnings.of(l.rows, signal); // one query for the page's phones
        return {
          listings: l.rows.map((row) => {
            const listing = toProto(row, signal.get(row.id));
            listing.warnings = warned.get(row.id) ?? [];
            return listing;
          }),
          total: l.total,
          limit: l.limit,
          totalEstimated: l.estimated,
          cells: l.cells.map((c) => ({ ...c, id: c.id ?? "", price: c.price ?? undefined })),
        };
      },
      getListing: (r) => story.get(r.id),
      countListings: () => browse.count(),
      listNeighborhoods: () => ({ neighborhoods: browse.neighborhoods() }),
      priceBand: (r) => browse.priceBand(r.neighborhoodCodes, r.minRooms),
      listForCheck: async (r) => ({
        items: (await browse.forCheck(r.source, r.limit)).map((i) => ({
          id: i.id,
          externalId: i.external_id,
          checkedAt: i.checked_at ? timestampFromDate(i.checked_at) : undefined,
        })),
      }),
      recordChecks: async (r) => {
        const removed = await browse.recordChecks(r.source, r.results);
        if (removed) signals.changed(); // the removed leave their areas' medians
        return { removed };
      },
      geocode: async (r, ctx) => ({ places: await geocoder.geocode(r.query, queueOf(ctx)) }),
    });
}

/** The geocoder's queue for a call: the person's, else the calling service's (a scraper's streets). */
function queueOf(ctx: HandlerContext): string {
  const actor = maybeActor(ctx);
  return actor ? `user:${actor.userId}` : `service:${callerOf(ctx)}`;
}
