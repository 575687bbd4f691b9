import type { AnyDb } from "@dirabot/platform/db/types.ts";
import { type SelectQueryBuilder, sql } from "kysely";
import type { Db, ListingsDb, Trx } from "./db.ts";
import type { ListingRow } from "./listing.row.ts";

export interface BrowseFilter {
  searchText?: string;
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
  box?: { south: number; west: number; north: number; east: number };
}

// biome-ignore lint/suspicious/noExplicitAny: the selection varies, the filters do not
type Q = SelectQueryBuilder<ListingsDb, "listings", any>;

/** LIKE pattern for a literal substring (user text never acts as a wildcard). */
const contains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The read side: browse, count, get and the cleaner's queue; every filter has an index. */
export class BrowseRepo {
  readonly db: Db;
  constructor(db: AnyDb) {
    this.db = db as Db;
  }

  #filtered(f: BrowseFilter): Q {
    let q: Q = this.db.selectFrom("listings").where("removed_at", "is", null).where("shown", "=", true);
    if (f.searchText) q = q.where("search", "like", contains(f.searchText));
    if (f.minRooms !== undefined) q = q.where("rooms", ">=", f.minRooms);
    if (f.neighborhoodCode !== undefined) q = q.where("neighborhood_code", "=", f.neighborhoodCode);
    if (f.minPrice !== undefined) q = q.where("price", ">=", f.minPrice);
    if (f.maxPrice !== undefined) q = q.where("price", "<=", f.maxPrice);
    if (f.merchant !== undefined) q = q.where("merchant", "=", f.merchant);
    if (f.neighborhoodCodes?.length) q = q.where("neighborhood_code", "in", f.neighborhoodCodes);
    if (f.firstSeenAfter) q = q.where("first_seen_at", ">", f.firstSeenAfter);
    if (f.privateOnly) q = q.where(sql<boolean>`merchant IS NOT TRUE`);
    if (f.box) {
      const { south, west, north, east } = f.box;
      q = q
        .where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL`)
        .where(sql<boolean>`point(lon, lat) <@ box(point(${west}, ${south}), point(${east}, ${north}))`);
    }
    return q;
  }

  async page(f: BrowseFilter, offset: number, limit: number): Promise<{ rows: ListingRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.#filtered(f)
        .selectAll()
        .orderBy("first_seen_at", "desc")
        .orderBy("id")
        .offset(offset)
        .limit(limit)
        .execute(),
      this.#filtered(f)
        .select((e) => e.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ListingRow[], total: Number(total.n) };
  }

  /** The map: listings with coordinates only, newest first, at most `limit` (no count). */
  async map(f: BrowseFilter, limit: number): Promise<ListingRow[]> {
    return (await this.#filtered(f)
      .where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL`)
      .selectAll()
      .orderBy("first_seen_at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute()) as ListingRow[];
  }

  async get(id: string): Promise<ListingRow | undefined> {
    return (await this.db.selectFrom("listings").selectAll().where("id", "=", id).executeTakeFirst()) as
      | ListingRow
      | undefined;
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
