import { type Client, Code, ConnectError } from "@connectrpc/connect";
import { AssetQuery, assetRoutes as contract } from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { currentUser, requireUser } from "../auth/session.ts";
import { parse } from "../body.ts";
import { callerLocale } from "../locale.ts";
import type { ApiDoc } from "../openapi.ts";
import { assetStoryJson, clusterJson, propertyJson, warningsIn } from "./asset-json.ts";
import type { Distances } from "./distances.ts";

const Id = z.string().min(1).max(100);

/** /api/assets: browsing the listings (list and map), one listing, and the dashboard count. */
export function assetRoutes(
  router: Router,
  deps: { listings: Client<typeof ListingsService>; distances: Distances },
  doc: ApiDoc,
): void {
  const { listings, distances } = deps;
  doc.add(contract.list);
  router.get("/api/assets", requireUser, async (k) => {
    const q = parse(AssetQuery, k.query);
    const places = currentUser(k).places;
    const mapView = q.isMapView ?? false;
    const page = q.page ?? 1;
    const limit = q.limit ?? (mapView ? 100 : 12);
    const [west, south, east, north] = q.bounds
      ? [
          Math.min(q.bounds[0][0], q.bounds[1][0]),
          Math.min(q.bounds[0][1], q.bounds[1][1]),
          Math.max(q.bounds[0][0], q.bounds[1][0]),
          Math.max(q.bounds[0][1], q.bounds[1][1]),
        ]
      : [];
    const r = await listings.listListings({
      page,
      limit,
      mapView,
      sort: q.sort ?? "newest",
      filter: {
        availableBy: q.availableBy ?? "",
        neighborhoodCodes: q.neighborhoodCodes ?? [],
        searchText: q.searchText ?? "",
        minRooms: q.minRooms,
        neighborhoodCode: q.neighborhoodCode,
        // Whole shekels in the store: round outwards so a listing on the edge stays in.
        minPrice: q.priceRange && Math.floor(q.priceRange[0]),
        maxPrice: q.priceRange && Math.ceil(q.priceRange[1]),
        merchant: q.merchant,
        south,
        west,
        north,
        east,
        // Near any of the reader's places; someone without places sees every listing, not a refusal.
        near: q.nearKm ? places.map((p) => ({ lat: p.lat, lon: p.lon, km: q.nearKm })) : [],
      },
    });
    const total = r.total;
    const locale = callerLocale(k);
    const used = r.limit || limit;
    const far = await distances.of(places, r.listings);
    k.body = {
      assets: r.listings.map((l, i) => ({ ...warningsIn(propertyJson(l), locale), distances: far[i] ?? [] })),
      pagination: { total, limit: used, page, pages: Math.ceil(total / used), totalExact: !r.totalEstimated },
      ...(mapView ? { clusters: r.cells.map(clusterJson) } : {}),
    };
  });

  doc.add(contract.count);
  router.get("/api/assets/count", requireUser, async (k) => {
    const c = await listings.countListings({});
    k.body = { count: c.count, createdLastDay: c.createdLastDay };
  });

  doc.add(contract.get);
  router.get("/api/assets/:id", requireUser, async (k) => {
    const notFound = new AppError("not_found", "Asset not found");
    const id = Id.safeParse(k.params.id);
    if (!id.success) throw notFound;
    const story = await listings.getListing({ id: id.data }).catch((err) => {
      if (ConnectError.from(err).code === Code.NotFound) throw notFound;
      throw err;
    });
    if (!story.listing) throw notFound;
    const [far] = await distances.of(currentUser(k).places, [story.listing]);
    k.body = { ...warningsIn(assetStoryJson(story.listing, story), callerLocale(k)), distances: far ?? [] };
  });
}
