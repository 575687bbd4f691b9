import type { AnyDb } from "@dirabot/platform/db/types.ts";
import { sql } from "kysely";
import type { Db, Trx } from "./db.ts";
import type { ListingRow, ListingValues } from "./listing.row.ts";

/** The write side of listings: upserts, price history, duplicate groups, removal. */
export class ListingsRepo {
  readonly db: Db;
  constructor(db: AnyDb) {
    this.db = db as Db;
  }

  /** The stored rows of one source's external ids, locked until the transaction ends. */
  async byKeys(trx: Trx, source: string, externalIds: string[]): Promise<Map<string, ListingRow>> {
    if (!externalIds.length) return new Map();
    const rows = await trx
      .selectFrom("listings")
      .selectAll()
      .where("source", "=", source)
      .where("external_id", "in", externalIds)
      .forUpdate()
      .execute();
    return new Map(rows.map((r) => [r.external_id, r as ListingRow]));
  }

  /**
   * Inserts a new listing in the duplicate group `canonicalId` (its own id when null). A
   * concurrent insert of the same key loses quietly: `undefined`, and the caller reads it again.
   */
  async insert(trx: Trx, v: ListingValues, canonicalId: string | null): Promise<ListingRow | undefined> {
    const row = await trx
      .insertInto("listings")
      .values({
        ...v,
        canonical_id: canonicalId ?? sql<string>`gen_random_uuid()`,
        shown: canonicalId === null,
      })
      .onConflict((oc) => oc.columns(["source", "external_id"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row || canonicalId !== null) return row as ListingRow | undefined;
    // A group of one is named after its only member.
    return (await trx
      .updateTable("listings")
      .set({ canonical_id: row.id })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow()) as ListingRow;
  }

  /** Writes new values and marks it seen now (a listing back in the feed is no longer removed). */
  async update(trx: Trx, id: string, v: ListingValues): Promise<ListingRow> {
    return (await trx
      .updateTable("listings")
      .set({ ...v, last_seen_at: sql<Date>`now()`, removed_at: null })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow()) as ListingRow;
  }

  async touch(trx: Trx, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await trx
      .updateTable("listings")
      .set({ last_seen_at: sql<Date>`now()`, removed_at: null })
      .where("id", "in", ids)
      .execute();
  }

  async recordPrice(trx: Trx, listingId: string, price: number | null): Promise<void> {
    await trx.insertInto("price_history").values({ listing_id: listingId, price }).execute();
  }

  priceHistory(listingId: string) {
    return this.db
      .selectFrom("price_history")
      .select(["price", "changed_at"])
      .where("listing_id", "=", listingId)
      .orderBy("id")
      .execute();
  }

  /**
   * The group a new listing from `source` belongs to, if the same flat is already listed by
   * another source: same phone (rooms and price agreeing where both are known), same street and
   * number with close price, rooms and size, or within ~50 m with the same rooms and price.
   */
  async duplicateOf(trx: Trx, v: ListingValues): Promise<string | undefined> {
    const base = trx
      .selectFrom("listings")
      .select("canonical_id")
      .where("source", "<>", v.source)
      .where("removed_at", "is", null)
      .where("first_seen_at", ">", sql<Date>`now() - interval '60 days'`)
      .orderBy("first_seen_at", "desc")
      .limit(1);
    const near = (col: "price" | "size", value: number | null, tolerance: number) =>
      value === null
        ? sql<boolean>`true`
        : sql<boolean>`(${sql.ref(col)} IS NULL OR abs(${sql.ref(col)} - ${value}) <= ${Math.round(value * tolerance)})`;
    const sameRooms =
      v.rooms === null ? sql<boolean>`true` : sql<boolean>`(rooms IS NULL OR rooms = ${v.rooms})`;
    if (v.phone.length >= 9) {
      const hit = await base
        .where("phone", "=", v.phone)
        .where(sameRooms)
        .where(near("price", v.price, 0.1))
        .executeTakeFirst();
      if (hit) return hit.canonical_id;
    }
    if (v.street && v.house_number) {
      const hit = await base
        .where("street", "=", v.street)
        .where("house_number", "=", v.house_number)
        .where(sameRooms)
        .where(near("price", v.price, 0.05))
        .where(near("size", v.size, 0.1))
        .executeTakeFirst();
      if (hit) return hit.canonical_id;
    }
    if (v.lat !== null && v.lon !== null && v.rooms !== null && v.price !== null) {
      // ~50 m as a box in degrees at Israel's latitude (1° lat ≈ 111 km, 1° lon ≈ 94 km).
      const dLat = 50 / 111_000;
      const dLon = 50 / 94_000;
      const hit = await base
        .where(
          sql<boolean>`point(lon, lat) <@ box(point(${v.lon - dLon}, ${v.lat - dLat}), point(${v.lon + dLon}, ${v.lat + dLat}))`,
        )
        .where(sql<boolean>`lat IS NOT NULL AND lon IS NOT NULL`)
        .where("rooms", "=", v.rooms)
        .where("price", "=", v.price)
        .executeTakeFirst();
      if (hit) return hit.canonical_id;
    }
    return undefined;
  }

  /** Marks listings removed; when one was its group's shown listing, a live member takes over. */
  async markRemoved(trx: Trx, ids: string[]): Promise<ListingRow[]> {
    if (!ids.length) return [];
    const removed = (await trx
      .updateTable("listings")
      .set({ removed_at: sql<Date>`now()`, checked_at: sql<Date>`now()`, shown: false })
      .where("id", "in", ids)
      .where("removed_at", "is", null)
      .returningAll()
      .execute()) as ListingRow[];
    for (const group of new Set(removed.map((r) => r.canonical_id))) await this.ensureShown(trx, group);
    return removed;
  }

  /** A group with live members keeps exactly one of them shown. */
  async ensureShown(trx: Trx, canonicalId: string) {
    const t = sql.id("listings", "listings"); // raw SQL is not schema-qualified by Kysely
    await sql`UPDATE ${t} SET shown = true WHERE id = (
      SELECT id FROM ${t} WHERE canonical_id = ${canonicalId} AND removed_at IS NULL
      ORDER BY first_seen_at DESC LIMIT 1)
      AND NOT EXISTS (SELECT 1 FROM ${t} WHERE canonical_id = ${canonicalId} AND removed_at IS NULL AND shown)`.execute(
      trx,
    );
  }
}
