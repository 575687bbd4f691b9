import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { BrowseService } from "./browse.service.ts";
import type { GeocodeService } from "./geocode.service.ts";
import type { IngestService } from "./ingest.service.ts";
import { toProto } from "./listing.row.ts";

/** One thin handler per RPC: the rules live in the services (errors are mapped by the host). */
export function routes(deps: { ingest: IngestService; browse: BrowseService; geocoder: GeocodeService }) {
  const { ingest, browse, geocoder } = deps;
  return (router: ConnectRouter) =>
    router.service(ListingsService, {
      ingest: async (r) => ({ outcomes: await ingest.ingest(r.listings) }),
      listListings: async (r) => {
        const { rows, total, limit } = await browse.list(r.filter, r.page, r.limit, r.mapView);
        return { listings: rows.map(toProto), total, limit };
      },
      getListing: async (r) => ({ listing: toProto(await browse.get(r.id)) }),
      countListings: () => browse.count(),
      listNeighborhoods: () => ({ neighborhoods: browse.neighborhoods() }),
      listForCheck: async (r) => ({
        items: (await browse.forCheck(r.source, r.limit)).map((i) => ({
          id: i.id,
          externalId: i.external_id,
          checkedAt: i.checked_at ? timestampFromDate(i.checked_at) : undefined,
        })),
      }),
      recordChecks: async (r) => ({ removed: await browse.recordChecks(r.source, r.results) }),
      geocode: async (r) => ({ places: await geocoder.geocode(r.query) }),
    });
}
