import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { toAppError } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { BrowseService } from "./browse.service.ts";
import type { GeocodeService } from "./geocode.service.ts";
import type { IngestService } from "./ingest.service.ts";
import { toProto } from "./listing.row.ts";

async function rpc<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err).toConnect();
  }
}

/** One thin handler per RPC: the rules live in the services. */
export function routes(deps: { ingest: IngestService; browse: BrowseService; geocoder: GeocodeService }) {
  const { ingest, browse, geocoder } = deps;
  return (router: ConnectRouter) =>
    router.service(ListingsService, {
      ingest: (r) => rpc(async () => ({ outcomes: await ingest.ingest(r.listings) })),
      listListings: (r) =>
        rpc(async () => {
          const { rows, total, limit } = await browse.list(r.filter, r.page, r.limit, r.mapView);
          return { listings: rows.map(toProto), total, limit };
        }),
      getListing: (r) => rpc(async () => ({ listing: toProto(await browse.get(r.id)) })),
      countListings: () => rpc(() => browse.count()),
      listNeighborhoods: () => rpc(async () => ({ neighborhoods: browse.neighborhoods() })),
      listForCheck: (r) =>
        rpc(async () => ({
          items: (await browse.forCheck(r.source, r.limit)).map((i) => ({
            id: i.id,
            externalId: i.external_id,
            checkedAt: i.checked_at ? timestampFromDate(i.checked_at) : undefined,
          })),
        })),
      recordChecks: (r) => rpc(async () => ({ removed: await browse.recordChecks(r.source, r.results) })),
      geocode: (r) => rpc(async () => ({ places: await geocoder.geocode(r.query) })),
    });
}
