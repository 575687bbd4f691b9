import * as z from "zod";
import { NEAR_KM_CHOICES } from "./constants.ts";
import { route } from "./contract.ts";
import { ASSET_MESSAGES } from "./messages.ts";
import { maybeInstant } from "./query.ts";

// Listings ("assets"): browsing (list and map), one listing and its story, and the map's place search.

/** One reason to be careful ("Be careful: …" on the cards); never hides the listing. */
export const Warning = z
  .strictObject({
    code: z.enum(["price_far_below_area", "phone_on_many_flats", "money_before_viewing", "owner_abroad"]),
    message: z.string(),
  })
  .meta({ id: "Warning" });
export type Warning = z.infer<typeof Warning>;

const fact = z.boolean().nullable();
/** What renters filter on: each true, false (the source says not) or null (unknown, never "no"). */
export const Facts = z
  .strictObject({
    safeRoom: fact,
    parking: fact,
    elevator: fact,
    balcony: fact,
    furnished: fact,
    pets: fact,
    airConditioning: fact,
    accessible: fact,
  })
  .meta({ id: "Facts" });
export type Facts = z.infer<typeof Facts>;

/** long (a whole flat, long-term), sublet, or room (a room in a shared flat). */
export const Term = z.enum(["long", "sublet", "room"]);
export type Term = z.infer<typeof Term>;

/**
 * How far the flat is from one of the signed-in person's places: the straight line (km, 0.1) and,
 * with a routing service, its travel minutes by `mode`; without one `minutes` is null and `mode`
 * "estimate". `estimate` (our addition to the API shape): walking and cycling minutes the straight line
 * suggests, shown as "about".
 */
export const Distance = z
  .strictObject({
    placeId: z.string(),
    km: z.number(),
    minutes: z.number().int().nullable(),
    mode: z.enum(["estimate", "walking", "cycling", "driving"]),
    estimate: z.strictObject({ walking: z.number().int(), cycling: z.number().int() }),
  })
  .meta({ id: "Distance" });
export type Distance = z.infer<typeof Distance>;

/**
 * A listing as the screens receive it. What the source did not give is null (never "" or 0), so
 * the screens can tell "unknown" from a value; a price of 0 is "call for price", so null as well.
 */
export const Asset = z
  .strictObject({
    _id: z.string(),
    images: z.array(z.string()),
    description: z.string(),
    location: z.string(),
    neighborhoodCode: z.number().int().nullable(),
    neighborhood: z.string().nullable(),
    city: z.string().nullable(),
    rooms: z.number().nullable(),
    size: z.number().nullable(),
    floorNumber: z.number().nullable(),
    price: z.number().nullable(),
    phoneNumber: z.string().nullable(),
    link: z.string().nullable(),
    googleMapsUrl: z.string().nullable(),
    merchant: z.boolean().nullable(),
    src: z.string(),
    /** GeoJSON order, like the map layers: [longitude, latitude]. */
    coordinates: z
      .strictObject({ type: z.literal("Point"), coordinates: z.tuple([z.number(), z.number()]) })
      .nullable(),
    createdAt: maybeInstant,
    postedAt: maybeInstant,
    /** "YYYY-MM-DD", "immediate", or null when no source said a date we can be sure of. */
    entryDate: z.union([z.iso.date(), z.literal("immediate")]).nullable(),
    canonicalId: z.string(),
    warnings: z.array(Warning),
    facts: Facts,
    term: Term,
    /** From each of the signed-in person's places (none without a point); optional for fixtures. */
    distances: z.array(Distance).optional(),
  })
  .meta({ id: "Asset" });
export type Asset = z.infer<typeof Asset>;

/** This flat's ₪ per room against its neighbourhood's median for the same room count (30 days). */
export const PriceSignal = z
  .strictObject({
    /** The median, ₪ per room, in whole shekels. */
    areaMedianPerRoom: z.number(),
    /** This flat's ₪ per room over the median, 2 decimals: 0.88 is 12 % below. */
    ratio: z.number(),
  })
  .meta({ id: "PriceSignal" });
export type PriceSignal = z.infer<typeof PriceSignal>;

/** A listing as the property browser lists it: the asset and its price signal. */
export const Property = Asset.extend({ priceSignal: PriceSignal.nullable() }).meta({ id: "Property" });
export type Property = z.infer<typeof Property>;

/** One place the flat was seen; removedAt is null while the listing is live at its source. */
export const AssetSource = z
  .strictObject({
    source: z.string(),
    url: z.string().nullable(),
    /** The Facebook group's name, else null. */
    group: z.string().nullable(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
    removedAt: maybeInstant,
  })
  .meta({ id: "AssetSource" });
export type AssetSource = z.infer<typeof AssetSource>;

/** A fact a source said and then changed (a safe room, then none): a match is never taken back. */
export const FactChange = z
  .strictObject({
    fact: Facts.keyof(),
    from: z.boolean(),
    to: z.boolean(),
    at: z.string(),
  })
  .meta({ id: "FactChange" });
export type FactChange = z.infer<typeof FactChange>;

/** GET /api/assets/{id}: the listing and its flat's story across sources. */
export const AssetStory = Property.extend({
  /** First sighting of the flat on any source, kept across reposts, duplicates and relisting. */
  firstSeenAt: z.string(),
  sources: z.array(AssetSource),
  /** Oldest first; null is "call for price". */
  priceHistory: z.array(z.strictObject({ price: z.number().nullable(), at: z.string() })),
  /** Oldest first; a fact learnt where it was unknown is not a change. */
  factChanges: z.array(FactChange),
}).meta({ id: "AssetStory" });
export type AssetStory = z.infer<typeof AssetStory>;

/** A map point (count 1, with the listing's id and price) or a grid cell of many listings. */
export const Cluster = z
  .strictObject({
    lon: z.number(),
    lat: z.number(),
    count: z.number().int(),
    id: z.string().nullable(),
    price: z.number().nullable(),
  })
  .meta({ id: "Cluster" });
export type Cluster = z.infer<typeof Cluster>;

export const AssetPagination = z.strictObject({
  total: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** False when the total is the database's estimate (many thousands). */
  totalExact: z.boolean(),
});
export type AssetPagination = z.infer<typeof AssetPagination>;

/** A page of listings; the map view adds every listing in view as points or grid cells. */
export const AssetPage = z.strictObject({
  assets: z.array(Property),
  pagination: AssetPagination,
  clusters: z.array(Cluster).optional(),
});
export type AssetPage = z.infer<typeof AssetPage>;

export const Place = z.strictObject({ lat: z.number(), lon: z.number(), displayName: z.string() });
export type Place = z.infer<typeof Place>;

// ---- requests

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

// ---- the list's order and "available by": their own block, beside the filters.

/** The list's orders: newest first (the default), price up, price down, price per m² (lowest first). */
export const AssetSort = z.enum(["newest", "price_asc", "price_desc", "price_per_sqm"], {
  error: ASSET_MESSAGES.sort,
});
export type AssetSort = z.infer<typeof AssetSort>;

/** A day of the calendar as YYYY-MM-DD (no 30 February). */
const day = z.iso.date({ error: ASSET_MESSAGES.availableBy });

const AREAS = "neighborhoodCodes must be whole numbers separated by commas, at most 200";
/** "205,206": any of these neighbourhoods (the list view's area picker). */
const codes = z
  .string()
  .regex(/^-?\d{1,10}(,-?\d{1,10}){0,199}$/, AREAS)
  .transform((s) => s.split(",").map(Number))
  .refine((l) => l.every((n) => n >= -INT32 - 1 && n <= INT32), AREAS);

/** A ring size the map offers, km. */
const nearKm = z
  .enum(NEAR_KM_CHOICES.map(String) as [string, ...string[]], { error: ASSET_MESSAGES.nearKm })
  .transform(Number);

const browseOrder = {
  sort: param("sort", AssetSort),
  availableBy: param("availableBy", day),
  neighborhoodCodes: param("neighborhoodCodes", codes),
  nearKm: param("nearKm", nearKm).meta({
    description:
      "1, 2, 3, 5, 10, 20 or 30: only listings within this many km (straight line) of any of the signed-in person's saved places; ignored when they have none",
  }),
};

// ---- the filters

export const AssetQuery = z.object({
  ...browseOrder,
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

export const GeocodeQuery = z.object({
  q: z
    .string({ error: (i) => (i.input === undefined ? "q is required" : "q must be given once") })
    .trim()
    .min(1, "q is required")
    .max(200, "q must be at most 200 characters"),
});

const signedOut = { 401: "Not signed in" };

export const assetRoutes = {
  list: route({
    method: "get",
    path: "/api/assets",
    summary:
      "Listings matching the filters, each with its price signal (its ₪ per room over the median of its neighbourhood and room count, 30 days), facts (true, false or null = unknown), term and warnings (price_far_below_area: 35% or more under that median; phone_on_many_flats: its phone on 4+ flats in 3+ neighbourhoods in 7 days; money_before_viewing; owner_abroad — shown as “Be careful: …”, never hiding the listing); the map view adds clusters, every listing in view as a point or, when there are thousands, as grid cells. nearKm (1, 2, 3, 5, 10, 20 or 30) keeps only listings within that many km (straight line) of any of the signed-in person's saved places; it is ignored when they have none",
    query: AssetQuery,
    responses: { 200: AssetPage, 400: "A malformed filter", ...signedOut },
  }),
  count: route({
    method: "get",
    path: "/api/assets/count",
    summary: "Active listings and those new in the last day",
    responses: {
      200: z.strictObject({ count: z.number().int(), createdLastDay: z.number().int() }),
      ...signedOut,
    },
  }),
  get: route({
    method: "get",
    path: "/api/assets/:id",
    summary:
      "One listing and its flat's story across sources: facts are the duplicate group's (a fact one source leaves unknown is taken from another), sources every listing of its duplicate group, first seen first; priceHistory oldest first",
    responses: { 200: AssetStory, ...signedOut, 404: "Asset not found" },
  }),
  geocode: route({
    method: "get",
    path: "/api/geocode",
    summary:
      "Places matching ?q= (searched in Israel); each person's searches wait in their own line, one at a time",
    query: GeocodeQuery,
    responses: {
      200: z.array(Place),
      400: "q missing or too long",
      ...signedOut,
      429: "More than 5 of the caller's searches already waiting",
      503: "The geocoder failed",
    },
  }),
} as const;
