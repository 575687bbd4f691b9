import { create } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { hebrewNamesOf, neighborhoods } from "@dirabot/geography";
import type { Outbox } from "@dirabot/platform";
import { AppError, retryingTransaction } from "@dirabot/platform";
import { ListingRemoved } from "@dirabot/proto/events";
import { ListingRemovedSchema } from "@dirabot/proto/events/v1/listings_pb.js";
import {
  type ListingFilter,
  type Neighborhood,
  NeighborhoodSchema,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import { type BrowseFilter, type BrowseRepo, type Circle, SORTS, type Sort } from "./browse.repo.ts";
import { FACTS, kindsOf } from "./facts.ts";
import type { ListingRow } from "./listing.row.ts";
import type { ListingsRepo } from "./listings.repo.ts";

/** The map answers at most this many markers; the list at most this many per page. */
export const MAX_MAP = 500;
export const MAX_PAGE = 200;
/** The map's grid frame when the caller gives no bounds. */
const ISRAEL = { south: 29, west: 34, north: 33.6, east: 36 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Browsing, counts, neighbourhood options and the cleaner's findings. */
export class BrowseService {
  #browse: BrowseRepo;
  #listings: ListingsRepo;
  #outbox: Outbox;
  /** Listings in view sent one by one up to this many; past it, grid cells. */
  #mapPoints: number;
  constructor(browse: BrowseRepo, listings: ListingsRepo, outbox: Outbox, mapPoints = 2_000) {
    this.#browse = browse;
    this.#listings = listings;
    this.#outbox = outbox;
    this.#mapPoints = mapPoints;
  }

  async list(filter: ListingFilter | undefined, page: number, limit: number, mapView: boolean, sort = "") {
    const f = toBrowseFilter(filter);
    const order = sortOf(sort);
    if (mapView) {
      const n = clamp(limit || 100, 1, MAX_MAP);
      const [rows, cells] = await Promise.all([
        this.#browse.map(f, n),
        this.#browse.cells(f, f.box ?? ISRAEL, this.#mapPoints),
      ]);
      const total = cells.reduce((sum, c) => sum + c.count, 0);
      return { rows, total, estimated: false, limit: n, cells };
    }
    const n = clamp(limit || 12, 1, MAX_PAGE);
    const p = Math.max(1, page || 1);
    const { rows, total, estimated } = await this.#browse.page(f, (p - 1) * n, n, order);
    return { rows, total, estimated, limit: n, cells: [] };
  }

  async get(id: string): Promise<ListingRow> {
    const row = UUID.test(id) ? await this.#browse.get(id) : undefined;
    if (!row) throw new AppError("not_found", "Asset not found");
    return row;
  }

  count() {
    return this.#browse.count();
  }

  /** The price band of similar flats; no area gives an empty band (a bot always has one). */
  async priceBand(codes: number[], minRooms: number) {
    const areas = [...new Set(codes)].slice(0, 50);
    if (!areas.length) return { count: 0 };
    const band = await this.#browse.priceBand(areas, clamp(minRooms || 1, 1, 10));
    return { low: band.low ?? undefined, high: band.high ?? undefined, count: band.count };
  }

  neighborhoods(): Neighborhood[] {
    return neighborhoods().map((n) =>
      create(NeighborhoodSchema, {
        code: n.code,
        name: n.name,
        cityCode: n.cityCode,
        nameEn: n.nameEn,
        keys: n.keys,
      }),
    );
  }

  forCheck(source: string, limit: number) {
    return this.#browse.forCheck(source, clamp(limit || 100, 1, 1000));
  }

  /** Alive ones are stamped checked; removed ones are hidden (kept) and announced. */
  async recordChecks(source: string, results: { externalId: string; outcome: string }[]): Promise<number> {
    const bad = results.find((r) => r.outcome !== "alive" && r.outcome !== "removed");
    if (bad) throw new AppError("invalid_argument", `Unknown check outcome "${bad.outcome}"`);
    const alive = results.filter((r) => r.outcome === "alive").map((r) => r.externalId);
    const gone = results.filter((r) => r.outcome === "removed").map((r) => r.externalId);
    // One short transaction, run again if it loses a deadlock to an ingest touching the same rows.
    const removed = await retryingTransaction(this.#listings.db, async (trx) => {
      await this.#browse.markChecked(trx, source, alive);
      const ids = await this.#browse.idsOf(trx, source, gone);
      const rows = await this.#listings.markRemoved(
        trx,
        ids.map((g) => g.id),
      );
      for (const r of rows)
        await this.#outbox.stage(
          trx,
          ListingRemoved,
          create(ListingRemovedSchema, {
            listingId: r.id,
            source: r.source,
            externalId: r.external_id,
          }),
        );
      return rows.length;
    });
    this.#outbox.kick();
    return removed;
  }
}

/** The refusals of a list's order and "available by"; the contract's ASSET_MESSAGES, word for word. */
export const BROWSE_ERRORS = {
  sort: "sort must be newest, price_asc, price_desc or price_per_sqm",
  availableBy: "availableBy must be a date as YYYY-MM-DD, e.g. 2027-01-31",
  nearKm: "nearKm must be one of 1, 2, 3, 5, 10, 20 or 30 (km)",
} as const;

/** A person saves at most 5 places; a ring is 0.1 to 30 km (the map offers 1 to 30). */
const MAX_CIRCLES = 5;
const NEAR_REFUSED = "near must be at most 5 circles of 0.1 to 30 km around a point on the globe";

/** The circles of "near my places", refused when more or wider than a person can ask for. */
function circlesOf(near: readonly { lat: number; lon: number; km: number }[]): Circle[] | undefined {
  if (!near.length) return undefined;
  const fits = (c: { lat: number; lon: number; km: number }) =>
    Number.isFinite(c.lat) &&
    Number.isFinite(c.lon) &&
    Number.isFinite(c.km) &&
    Math.abs(c.lat) <= 90 &&
    Math.abs(c.lon) <= 180 &&
    c.km >= 0.1 &&
    c.km <= 30;
  if (near.length > MAX_CIRCLES || !near.every(fits)) throw new AppError("invalid_argument", NEAR_REFUSED);
  return near.map(({ lat, lon, km }) => ({ lat, lon, km }));
}

/** The list's order; "" is the default, newest first. */
function sortOf(sort: string): Sort {
  if (!sort) return "newest";
  if ((SORTS as readonly string[]).includes(sort)) return sort as Sort;
  throw new AppError("invalid_argument", BROWSE_ERRORS.sort);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" of a day the calendar has, else refused (the database would fail on 30 February). */
function dayOf(text: string): string {
  const m = DAY.exec(text);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text)
    throw new AppError("invalid_argument", BROWSE_ERRORS.availableBy);
  return text;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.trunc(n)));

/** A place's Hebrew names a Latin search also looks for, at most (a list name's parts). */
const MAX_SEARCH_ALSO = 8;

function toBrowseFilter(f: ListingFilter | undefined): BrowseFilter {
  if (!f) return {};
  const text = f.searchText.trim().slice(0, 200);
  const box =
    f.south !== undefined && f.west !== undefined && f.north !== undefined && f.east !== undefined
      ? {
          south: Math.min(f.south, f.north),
          north: Math.max(f.south, f.north),
          west: Math.min(f.west, f.east),
          east: Math.max(f.west, f.east),
        }
      : undefined;
  return {
    searchText: text || undefined,
    searchAlso: text ? hebrewNamesOf(text).slice(0, MAX_SEARCH_ALSO) : undefined,
    minRooms: f.minRooms,
    neighborhoodCode: f.neighborhoodCode,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    merchant: f.merchant,
    neighborhoodCodes: f.neighborhoodCodes.length ? f.neighborhoodCodes.slice(0, 2000) : undefined,
    firstSeenAfter: f.firstSeenAfter ? timestampDate(f.firstSeenAfter) : undefined,
    privateOnly: f.privateOnly || undefined,
    box,
    require: FACTS.filter(([, name]) => f.require?.[name] === true).map(([col]) => col),
    kinds: f.terms.length ? kindsOf(f.terms) : undefined,
    availableBy: f.availableBy ? dayOf(f.availableBy) : undefined,
    near: circlesOf(f.near),
  };
}
