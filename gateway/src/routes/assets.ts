import { type Client, Code, ConnectError } from "@connectrpc/connect";
import { AppError } from "@dirabot/platform";
import type { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { requireUser } from "../auth/session.ts";
import { parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { assetJson } from "./asset-json.ts";

const INT32 = 2_147_483_647;
const MAX_PRICE = 1_000_000_000;

/** One query value: "" is the same as leaving it out; a repeated parameter is ambiguous. */
const param = <T extends z.ZodType<unknown, string>>(name: string, inner: T) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string({ error: `${name} must be given once` })
      .pipe(inner)
      .optional(),
  );
const whole = (msg: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,10}$/, msg)
    .transform(Number)
    .refine((n) => n >= min && n <= max, msg);
const decimal = (msg: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, msg)
    .transform(Number)
    .refine((n) => n >= min && n <= max, msg);
const bool = (name: string) =>
  z.enum(["true", "false"], { error: `${name} must be true or false` }).transform((v) => v === "true");
/** A JSON value in a query string: malformed JSON and a wrong shape get the same clear message. */
const json = <T extends z.ZodType>(msg: string, shape: T) =>
  z
    .string()
    .max(500, msg)
    .transform((s, c) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        c.addIssue({ code: "custom", message: msg });
        return z.NEVER;
      }
    })
    .pipe(shape);

const PRICE = "priceRange must be a JSON array [min, max] of prices from 0 to 1000000000";
const BOUNDS =
  "bounds must be a JSON array of two corners [[lon, lat], [lon, lat]] with longitudes -180..180 and latitudes -90..90";
const lonLat = z.tuple(
  [
    z.number({ error: BOUNDS }).min(-180, BOUNDS).max(180, BOUNDS),
    z.number({ error: BOUNDS }).min(-90, BOUNDS).max(90, BOUNDS),
  ],
  { error: BOUNDS },
);
const price = z.number({ error: PRICE }).min(0, PRICE).max(MAX_PRICE, PRICE);

export const AssetQuery = z.object({
  page: param("page", whole("page must be a whole number of at least 1", 1, 1_000_000)),
  limit: param("limit", whole("limit must be a whole number from 1 to 200", 1, 200)),
  merchant: param("merchant", bool("merchant")),
  isMapView: param("isMapView", bool("isMapView")),
  searchText: param("searchText", z.string().trim().max(200, "searchText must be at most 200 characters")),
  minRooms: param("minRooms", decimal("minRooms must be a number from 0 to 20", 0, 20)),
  neighborhoodCode: param(
    "neighborhoodCode",
    whole("neighborhoodCode must be a whole number", -INT32 - 1, INT32),
  ),
  priceRange: param(
    "priceRange",
    json(PRICE, z.tuple([price, price], { error: PRICE })).refine(
      ([min, max]) => min <= max,
      "priceRange min must not be above max",
    ),
  ),
  bounds: param("bounds", json(BOUNDS, z.tuple([lonLat, lonLat], { error: BOUNDS }))),
});

const Id = z.string().min(1).max(100);

/** /api/assets: browsing the listings (list and map), one listing, and the dashboard count. */
export function assetRoutes(
  router: Router,
  deps: { listings: Client<typeof ListingsService> },
  doc: ApiDoc,
): void {
  const { listings } = deps;
  doc.add(
    "get",
    "/api/assets",
    "Listings matching ?page&limit&merchant&isMapView&searchText&minRooms&neighborhoodCode&priceRange=[min,max]&bounds=[[lon,lat],[lon,lat]]",
    {
      200: "{assets, pagination:{total, limit, page, pages}}",
      400: "A malformed filter",
      401: "Not signed in",
    },
  );
  router.get("/api/assets", requireUser, async (k) => {
    const q = parse(AssetQuery, k.query);
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
      filter: {
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
      },
    });
    const total = r.total;
    const used = r.limit || limit;
    k.body = {
      assets: r.listings.map(assetJson),
      pagination: { total, limit: used, page, pages: Math.ceil(total / used) },
    };
  });

  doc.add("get", "/api/assets/count", "Active listings and those new in the last day", {
    200: "{count, createdLastDay}",
    401: "Not signed in",
  });
  router.get("/api/assets/count", requireUser, async (k) => {
    const c = await listings.countListings({});
    k.body = { count: c.count, createdLastDay: c.createdLastDay };
  });

  doc.add("get", "/api/assets/:id", "One listing", {
    200: "asset",
    401: "Not signed in",
    404: "Asset not found",
  });
  router.get("/api/assets/:id", requireUser, async (k) => {
    const notFound = new AppError("not_found", "Asset not found");
    const id = Id.safeParse(k.params.id);
    if (!id.success) throw notFound;
    const { listing } = await listings.getListing({ id: id.data }).catch((err) => {
      if (ConnectError.from(err).code === Code.NotFound) throw notFound;
      throw err;
    });
    if (!listing) throw notFound;
    k.body = assetJson(listing);
  });
}
