import type { Client } from "@connectrpc/connect";
import { priceBandRoutes as contract, PriceBandQuery } from "@dirabot/api";
import type { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type Router from "@koa/router";
import { requireUser } from "../auth/session.ts";
import { parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";

/** GET /api/assets/price-band: the wizard's default price range. Registered before /api/assets/:id. */
export function priceBandRoutes(
  router: Router,
  deps: { listings: Client<typeof ListingsService> },
  doc: ApiDoc,
): void {
  doc.add(contract.priceBand);
  router.get("/api/assets/price-band", requireUser, async (k) => {
    const q = parse(PriceBandQuery, k.query);
    const band = await deps.listings.priceBand({ neighborhoodCodes: q.neighborhoodCodes, minRooms: q.rooms });
    k.body = { low: band.low ?? null, high: band.high ?? null, count: band.count };
  });
}
