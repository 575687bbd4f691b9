import { sql } from "kysely";
import type { Db, Trx } from "./db.ts";
import type { ListingRow, ListingValues } from "./listing.row.ts";

/** The write side of listings: upserts, price history, duplicate groups, removal. */
export class ListingsRepo {
  readonly db: Db;
  /** The schema raw SQL names (Kysely qualifies only what its builder writes). */
  readonly schema: string;
  constructor(db: Db, schema = "listings") {
    this.db = db;
    this.schema = schema;
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
    return new Map(rows.map((r) => [r.external_id, r]));
  }

  /**
   * Inserts new listings with one statement; each joins the duplicate group named in `groups`
   * (by index) or starts its own. A key another replica inserted a moment ago is skipped: it is
   * missing from the answer and the caller treats it as an update.
   */
  async insertMany(trx: Trx, values: ListingValues[], groups: (string | undefined)[]): Promise<ListingRow[]> {
    if (!values.length) return [];
    const rows = values.map((v, i) => {
      const id = crypto.randomUUID();
      const group = groups[i];
      return { ...v, id, canonical_id: group ?? id, shown: group === undefined };
    });
    return trx
      .insertInto("listings")
      .values(rows)
      .onConflict((oc) => oc.columns(["source", "external_id"]).doNothing())
      .returningAll()
      .execute();
  }

  /** Writes new values and marks it seen now (a listing back in the feed is no longer removed). */
  async update(trx: Trx, id: string, v: ListingValues): Promise<ListingRow> {
    return trx
      .updateTable("listings")
      .set({ ...v, last_seen_at: sql<Date>`now()`, removed_at: null })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async touch(trx: Trx, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await trx
      .updateTable("listings")
      .set({ last_seen_at: sql<Date>`now()`, removed_at: null })
      .where("id", "in", ids)
      .execute();
  }

  async recordPrices(trx: Trx, rows: { listing_id: string; price: number | null }[]): Promise<void> {
    if (rows.length) await trx.insertInto("price_history").values(rows).execute();
  }

  /** A fact a listing's source said and then changed, kept for the flat's story. */
  async recordFactChanges(
    trx: Trx,
    rows: { listing_id: string; fact: string; from_value: boolean; to_value: boolean }[],
  ): Promise<void> {
    if (rows.length) await trx.insertInto("fact_changes").values(rows).execute();
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
   * The group each new listing (all from one source) belongs to, if the same flat is already
   * listed by another source, or was listed anywhere (this source too, under another id) and
   * removed in the last 30 days — a relisting, which keeps the flat's group, so its age and the
   * bots' never-twice key. Two live listings of one source are never the same flat (a broker's
   * phone is on all their flats): a group with a live listing of this source is not joined, and
   * of two listings in one chunk that point at one group only the first joins it. The same flat is:
   * same phone and same street and number (rooms and floor agreeing where both are known, at any
   * price: a flat relisted cheaper or dearer is still the flat), same phone (rooms and price agreeing
   * where both are known), same street and number with close price, rooms and size, or within ~50 m
   * with the same rooms and price; a live match is preferred to a removed one, then the newest.
   * One statement for the whole chunk: a lateral lookup per candidate. Each branch repeats its
   * partial index's predicate (`phone <> ''`, `street <> '' AND house_number <> ''`): the planner
   * cannot prove it from `l.phone = c.phone`, and without it every candidate scanned the whole
   * table.
   */
  async duplicatesOf(trx: Trx, values: ListingValues[]): Promise<(string | undefined)[]> {
    if (!values.length) return [];
    const t = sql.id(this.schema, "listings"); // raw SQL is not schema-qualified by Kysely
    const rows = values.map(
      (v, i) => sql`(${i}::int, ${v.phone.length >= 9 ? v.phone : null}::text, ${v.street || null}::text,
        ${v.house_number || null}::text, ${v.rooms}::real, ${v.price}::int, ${v.size}::int,
        ${v.lat}::float8, ${v.lon}::float8, ${v.floor}::int)`,
    );
    const live = sql`((l.source <> ${values[0]?.source} AND l.removed_at IS NULL
      AND l.first_seen_at > now() - interval '60 days') OR l.removed_at > now() - interval '30 days')`;
    // A group that already has a live listing of this source is another flat of that source.
    const free = sql`NOT EXISTS (SELECT 1 FROM ${t} m WHERE m.canonical_id = l.canonical_id
      AND m.source = ${values[0]?.source} AND m.removed_at IS NULL)`;
    const best = sql`AND ${free} ORDER BY l.removed_at IS NULL DESC, l.first_seen_at DESC LIMIT 1`;
    const sameRooms = sql`(c.rooms IS NULL OR l.rooms IS NULL OR l.rooms = c.rooms)`;
    const close = (col: "price" | "size", tolerance: number) =>
      sql`(c.${sql.ref(col)} IS NULL OR l.${sql.ref(col)} IS NULL OR abs(l.${sql.ref(col)} - c.${sql.ref(col)}) <= c.${sql.ref(col)} * ${tolerance}::float8)`;
    // ~50 m as a box in degrees at Israel's latitude (1° lat ≈ 111 km, 1° lon ≈ 94 km).
    const [dLat, dLon] = [50 / 111_000, 50 / 94_000];
    const r = await sql<{ idx: number; canonical_id: string }>`
      SELECT c.idx, hit.canonical_id
      FROM (VALUES ${sql.join(rows)}) AS c(idx, phone, street, house_number, rooms, price, size, lat, lon, floor)
      CROSS JOIN LATERAL (
        SELECT canonical_id FROM (
          (SELECT l.canonical_id, 0 AS rank FROM ${t} l WHERE c.phone IS NOT NULL AND c.street IS NOT NULL
            AND c.house_number IS NOT NULL AND ${live} AND l.phone <> '' AND l.phone = c.phone
            AND l.street = c.street AND l.house_number = c.house_number AND ${sameRooms}
            AND (c.floor IS NULL OR l.floor IS NULL OR l.floor = c.floor)
            ${best})
          UNION ALL
          (SELECT l.canonical_id, 1 FROM ${t} l WHERE c.phone IS NOT NULL AND ${live}
            AND l.phone <> '' AND l.phone = c.phone AND ${sameRooms} AND ${close("price", 0.1)}
            ${best})
          UNION ALL
          (SELECT l.canonical_id, 2 FROM ${t} l WHERE c.street IS NOT NULL AND c.house_number IS NOT NULL
            AND ${live} AND l.street <> '' AND l.house_number <> ''
            AND l.street = c.street AND l.house_number = c.house_number AND ${sameRooms}
            AND ${close("price", 0.05)} AND ${close("size", 0.1)}
            ${best})
          UNION ALL
          (SELECT l.canonical_id, 3 FROM ${t} l WHERE c.lat IS NOT NULL AND c.rooms IS NOT NULL
            AND c.price IS NOT NULL AND ${live} AND l.lat IS NOT NULL AND l.lon IS NOT NULL
            AND point(l.lon, l.lat) <@ box(point(c.lon - ${dLon}, c.lat - ${dLat}), point(c.lon + ${dLon}, c.lat + ${dLat}))
            AND l.rooms = c.rooms AND l.price = c.price
            ${best})
        ) hits ORDER BY rank LIMIT 1
      ) hit`.execute(trx);
    // Two listings of one chunk that point at one removed group: only the first is the relisting.
    const taken = new Set<string>();
    const found = new Map<number, string>();
    for (const x of [...r.rows].sort((a, b) => a.idx - b.idx)) {
      if (taken.has(x.canonical_id)) continue;
      taken.add(x.canonical_id);
      found.set(x.idx, x.canonical_id);
    }
    return values.map((_, i) => found.get(i));
  }

  /** Marks listings removed; when one was its group's shown listing, a live member takes over. */
  async markRemoved(trx: Trx, ids: string[]): Promise<ListingRow[]> {
    if (!ids.length) return [];
    const removed = await trx
      .updateTable("listings")
      .set({ removed_at: sql<Date>`now()`, checked_at: sql<Date>`now()`, shown: false })
      .where("id", "in", ids)
      .where("removed_at", "is", null)
      .returningAll()
      .execute();
    for (const group of new Set(removed.map((r) => r.canonical_id))) await this.ensureShown(trx, group);
    return removed;
  }

  /** A group with live members keeps exactly one of them shown. */
  async ensureShown(trx: Trx, canonicalId: string) {
    const t = sql.id(this.schema, "listings"); // raw SQL is not schema-qualified by Kysely
    await sql`UPDATE ${t} SET shown = true WHERE id = (
      SELECT id FROM ${t} WHERE canonical_id = ${canonicalId} AND removed_at IS NULL
      ORDER BY first_seen_at DESC LIMIT 1)
      AND NOT EXISTS (SELECT 1 FROM ${t} WHERE canonical_id = ${canonicalId} AND removed_at IS NULL AND shown)`.execute(
      trx,
    );
  }
}
