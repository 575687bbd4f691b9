import { boxAround, EARTH_KM } from "@dirabot/geography/distance";
import { type SelectQueryBuilder, sql } from "kysely";
import type { Db, ListingsDb, Trx } from "./db.ts";
import type { FactColumn } from "./facts.ts";
import type { ListingRow } from "./listing.row.ts";

export interface BrowseFilter {
  searchText?: string;
  /** Other texts that find the same (the Hebrew names of a place the search text names in Latin letters). */
  searchAlso?: string[];
  minRooms?: number;
  neighborhoodCode?: number;
  minPrice?: number;
  maxPrice?: number;
  merchant?: boolean;
  /** Any of these neighbourhoods (a bot's areas). */
  neighborhoodCodes?: number[];
  firstSeenAfter?: Date;
  /** Known merchants out; unknown ones stay. */
  privateOnly?: boolean;
  box?: Box;
  /** Facts that must be known true (unknown does not pass). */
  require?: FactColumn[];
  /** The kinds accepted (apartment, sublet, room). */
  kinds?: string[];
  /** "YYYY-MM-DD": entry known and not later, or immediate (0006_entry_date). */
  availableBy?: string;
  /** Within km of any of these points (a person's places); a listing of unknown point meets none. */
  near?: Circle[];
}

export interface Circle {
  lat: number;
  lon: number;
  km: number;
}

/** The list's orders; each has its index (0006_entry_date), ties newest first. */
export const SORTS = ["newest", "price_asc", "price_desc", "price_per_sqm"] as const;
export type Sort = (typeof SORTS)[number];

/** The ORDER BY of a sort, spelled as its index is, so the planner reads the index in order. */
const ORDER: Record<Sort, ReturnType<typeof sql>> = {
  newest: sql`first_seen_at DESC, id`,
  price_asc: sql`price ASC NULLS LAST, first_seen_at DESC, id`,
  price_desc: sql`price DESC NULLS LAST, first_seen_at DESC, id`,
  price_per_sqm: sql`(price::float8 / size) ASC NULLS LAST, first_seen_at DESC, id`,
};

/** Columns of the map view's grid when there are too many listings in view to send each. */
const GRID_COLUMNS = 40;

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A map point (count 1, with its id) or a grid cell of many. */
export interface MapCellRow {
  lon: number;
  lat: number;
  count: number;
  id: string | null;
  price: number | null;
}

/** The filters, before any selection: each caller selects what it needs. */
type Q = SelectQueryBuilder<ListingsDb, "listings", object>;

/** LIKE pattern for a literal substring (user text never acts as a wildcard). */
const contains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A listing within a circle: its box first, plain column ranges the browse index reads
 * (0003_browse_box), then the haversine distance as geography's haversineKm.
 */
function within(c: Circle) {
  const b = boxAround(c.lat, c.lon, c.km);
  const lat = sql`${c.lat}::float8`;
  const lon = sql`${c.lon}::float8`;
  return sql<boolean>`(lat BETWEEN ${b.minLat}::float8 AND ${b.maxLat}::float8
    AND lon BETWEEN ${b.minLon}::float8 AND ${b.maxLon}::float8
    AND 2 * ${sql.lit(EARTH_KM)} * asin(least(1, sqrt(power(sin(radians(lat - ${lat}) / 2), 2)
      + cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lon - ${lon}) / 2), 2)))) <= ${c.km}::float8)`;
}

/** The read side: browse, count, get and the cleaner's queue; every filter has an index. */
export class BrowseRepo {
  readonly db: Db;
  /** Counted one by one up to here; past it the total is the planner's estimate. */
  readonly exactUpTo: number;
  constructor(db: Db, exactUpTo = 1_000) {
    this.db = db;
    this.exactUpTo = exactUpTo;
  }

  #filtered(f: BrowseFilter, db: Db | Trx = this.db): Q {
    let q: Q = db.selectFrom("listings").where("removed_at", "is", null).where("shown", "=", true);
    if (f.searchText) {
      const texts = [f.searchText, ...(f.searchAlso ?? [])];
      q = q.where((eb) => eb.or(texts.map((t) => eb("search", "like", contains(t)))));
    }
    if (f.minRooms !== undefined) q = q.where("rooms", ">=", f.minRooms);
    if (f.neighborhoodCode !== undefined) q = q.where("neighborhood_code", "=", f.neighborhoodCode);
    if (f.minPrice !== undefined) q = q.where("price", ">=", f.minPrice);
    if (f.maxPrice !== undefined) q = q.where("price", "<=", f.maxPrice);
    if (f.merchant !== undefined) q = q.where("merchant", "=", f.merchant);
    if (f.neighborhoodCodes?.length) q = q.where("neighborhood_code", "in", f.neighborhoodCodes);
    if (f.firstSeenAfter) q = q.where("first_seen_at", ">", f.firstSeenAfter);
    if (f.privateOnly) q = q.where(sql<boolean>`merchant IS NOT TRUE`);
    for (const col of f.require ?? []) q = q.where(col, "=", true);
    if (f.kinds) q = q.where("kind", "in", f.kinds.length ? f.kinds : [""]);
    if (f.availableBy) q = q.where(sql<boolean>`entry_on <= ${f.availableBy}::date`);
    if (f.box) {
      const { south, west, north, east } = f.box;
      // Column ranges, not a point in a box: the planner knows these columns (0003_browse_box).
      q = q
        .where("lat", ">=", south)
        .where("lat", "<=", north)
        .where("lon", ">=", west)
        .where("lon", "<=", east);
    }
    if (f.near?.length) {
      const near = f.near;
      q = q.where((eb) => eb.or(near.map(within)));
    }
    return q;
  }

  /**
   * One page in the sort's order (newest first by default), and the filter's total: counted exactly up to `exactUpTo` (an
   * scan that stops there), past that the planner's estimate of the same query, never
   * below what was counted. An exact `count(*)` of a broad filter reads every row
   * it counts, most of a page's time, and nobody pages through thousands.
   */
  async page(
    f: BrowseFilter,
    offset: number,
    limit: number,
    sort: Sort = "newest",
  ): Promise<{ rows: ListingRow[]; total: number; estimated: boolean }> {
    const [rows, counted] = await Promise.all([
      this.#filtered(f).selectAll().orderBy(ORDER[sort]).offset(offset).limit(limit).execute(),
      this.#boundedCount(f, this.exactUpTo),
    ]);
    if (counted <= this.exactUpTo) return { rows, total: counted, estimated: false };
    const estimate = await this.#estimate(f);
    return { rows, total: Math.max(estimate, counted), estimated: true };
  }

  async #boundedCount(f: BrowseFilter, upTo: number): Promise<number> {
    const capped = this.#filtered(f)
      .select(sql<number>`1`.as("one"))
      .limit(upTo + 1);
    const r = await this.db
      .selectFrom(capped.as("capped"))
      .select((e) => e.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * The 25th and 75th percentile of the asking prices of whole flats for long-term rent in these
   * neighbourhoods with at least `minRooms` rooms (listings_hood narrows it to the areas' rows).
   */
  async priceBand(
    codes: number[],
    minRooms: number,
  ): Promise<{ low: number | null; high: number | null; count: number }> {
    const r = await this.#filtered({ neighborhoodCodes: codes, minRooms, kinds: ["apartment"] })
      .where("price", ">", 0)
      .select([
        sql<number | null>`percentile_cont(0.25) WITHIN GROUP (ORDER BY price)`.as("low"),
        sql<number | null>`percentile_cont(0.75) WITHIN GROUP (ORDER BY price)`.as("high"),
        (e) => e.fn.countAll<number>().as("n"),
      ])
      .executeTakeFirstOrThrow();
    const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
    return { low: round(r.low), high: round(r.high), count: Number(r.n) };
  }

  /** The planner's row estimate for the filter (EXPLAIN, nothing executed). */
  async #estimate(f: BrowseFilter): Promise<number> {
    const plan = await this.#filtered(f)
      .select(sql<number>`1`.as("one"))
      .explain<{ "QUERY PLAN": unknown }>("json");
    const root = (plan[0]?.["QUERY PLAN"] as [{ Plan?: { "Plan Rows"?: number } }] | undefined)?.[0]?.Plan;
    return Math.round(Number(root?.["Plan Rows"] ?? 0));
  }

  /**
   * The map view's listings as points (id, place, price) while there are at most `maxPoints` in
   * view, else aggregated on a grid of about GRID_COLUMNS columns over the view (square cells on
   * the ground): their count and centroid. Either way every listing in view is counted once.
   */
  async cells(f: BrowseFilter, frame: Box, maxPoints: number): Promise<MapCellRow[]> {
    const located = this.#filtered(f).where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL`);
    const points = (await located
      .select(["id", "lon", "lat", "price"])
      // No order: a sort would read every listing in view just to keep the first few thousand.
      .limit(maxPoints + 1)
      .execute()) as { id: string; lon: number; lat: number; price: number | null }[];
    if (points.length <= maxPoints) return points.map((p) => ({ ...p, count: 1 }));
    const width = Math.max(frame.east - frame.west, 1e-6) / GRID_COLUMNS;
    // A degree of longitude is shorter than one of latitude by cos(latitude): square cells on the map.
    const height = width * Math.cos((((frame.north + frame.south) / 2) * Math.PI) / 180);
    const gx = sql`floor((lon - ${frame.west}::float8) / ${width}::float8)`;
    const gy = sql`floor((lat - ${frame.south}::float8) / ${height}::float8)`;
    const rows = await this.db.transaction().execute(async (trx) => {
      // The planner cannot know how few cells there are (it expects one per listing), so with the
      // default work_mem it sorts 100,000 rows on disk; room for a hash table keeps it in memory.
      await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
      return this.#filtered(f, trx)
        .where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL`)
        .select([
          sql<number>`avg(lon)`.as("lon"),
          sql<number>`avg(lat)`.as("lat"),
          sql<number>`count(*)`.as("count"),
          sql<string | null>`CASE WHEN count(*) = 1 THEN min(id::text) END`.as("id"),
          sql<number | null>`CASE WHEN count(*) = 1 THEN min(price) END`.as("price"),
        ])
        .groupBy([gx, gy])
        .execute();
    });
    return rows.map((r) => ({
      id: r.id,
      lon: Number(r.lon),
      lat: Number(r.lat),
      count: Number(r.count),
      price: r.price === null ? null : Number(r.price),
    }));
  }

  /** The map: listings with coordinates only, newest first, at most `limit`. */
  async map(f: BrowseFilter, limit: number): Promise<ListingRow[]> {
    return this.#filtered(f)
      .where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL`)
      .selectAll()
      .orderBy("first_seen_at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  async get(id: string): Promise<ListingRow | undefined> {
    return this.db.selectFrom("listings").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async count(): Promise<{ count: number; createdLastDay: number }> {
    const r = await this.db
      .selectFrom("listings")
      .select([
        sql<number>`count(*) FILTER (WHERE removed_at IS NULL AND shown)`.as("count"),
        sql<number>`count(*) FILTER (WHERE removed_at IS NULL AND shown AND first_seen_at > now() - interval '1 day')`.as(
          "day",
        ),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(r.count), createdLastDay: Number(r.day) };
  }

  /** Active listings of a source, never-checked first, then the longest unchecked. */
  forCheck(source: string, limit: number) {
    return this.db
      .selectFrom("listings")
      .select(["id", "external_id", "checked_at"])
      .where("source", "=", source)
      .where("removed_at", "is", null)
      .orderBy(sql`checked_at ASC NULLS FIRST`)
      .limit(limit)
      .execute();
  }

  async markChecked(trx: Trx, source: string, externalIds: string[]): Promise<void> {
    if (!externalIds.length) return;
    await trx
      .updateTable("listings")
      .set({ checked_at: sql<Date>`now()` })
      .where("source", "=", source)
      .where("external_id", "in", externalIds)
      .execute();
  }

  idsOf(trx: Trx, source: string, externalIds: string[]) {
    if (!externalIds.length) return Promise.resolve([]);
    return trx
      .selectFrom("listings")
      .select(["id", "external_id"])
      .where("source", "=", source)
      .where("external_id", "in", externalIds)
      .execute();
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.db.selectFrom("listings").select("id").limit(1).executeTakeFirst());
  }
}
