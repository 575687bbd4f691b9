import { sql } from "kysely";
import type { Db, Trx } from "./db.ts";
import type { ListingRow } from "./listing.row.ts";

/**
 * Two first photos within this many bits of 64 (pHash) are the same photo. Measured (the photo
 * hash test): a photo re-published smaller, as PNG, as a small WebP or brighter stays within 6
 * bits; photos of different rooms shot alike are 8 or more apart (28 as a median).
 */
export const PHOTO_MATCH_BITS = 7;

/** A photo that this many flats (duplicate groups) have is nobody's: it joins no group. */
export const SHARED_PHOTO_GROUPS = 3;

/** A listing whose first photo is due to be hashed, claimed for a while. */
export interface PhotoJob {
  id: string;
  url: string;
  tries: number;
  held: boolean;
}

/** The SQL of photo hashing: the work queue on the listings table, the hash, the photo lookup. */
export class PhotosRepo {
  readonly db: Db;
  /** The schema raw SQL names (Kysely qualifies only what its builder writes). */
  readonly schema: string;
  constructor(db: Db, schema = "listings") {
    this.db = db;
    this.schema = schema;
  }

  /**
   * Listings with a new first photo become due now (its hash is redone); `held` ones wait for it
   * to be announced (one held already stays held).
   */
  async due(trx: Trx, rows: ListingRow[], held: Set<string>): Promise<void> {
    const withPhoto = rows.filter((r) => r.images.length > 0).map((r) => r.id);
    if (!withPhoto.length) return;
    const t = sql.id(this.schema, "listings"); // raw SQL is not schema-qualified by Kysely
    await sql`UPDATE ${t} SET photo_due = now(), photo_tries = 0, photo_hash = NULL,
      announce_held = announce_held OR id = ANY(${[...held]}::uuid[])
      WHERE id = ANY(${withPhoto}::uuid[])`.execute(trx);
  }

  /**
   * Up to `limit` due listings, held ones first, claimed for `leaseMs` (another replica skips
   * them; if this one dies they are due again then).
   */
  async claim(limit: number, leaseMs: number): Promise<PhotoJob[]> {
    const t = sql.id(this.schema, "listings");
    const r = await sql<PhotoJob>`
      UPDATE ${t} l SET photo_due = now() + ${leaseMs}::int * interval '1 millisecond'
      FROM (SELECT id FROM ${t} WHERE photo_due <= now()
        ORDER BY announce_held DESC, photo_due LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
      WHERE l.id = due.id
      RETURNING l.id, l.images[1] AS url, l.photo_tries AS tries, l.announce_held AS held`.execute(this.db);
    return r.rows;
  }

  /** Stores the hash (nothing more to do) and answers the listing, locked. */
  async hashed(trx: Trx, id: string, hash: bigint): Promise<ListingRow | undefined> {
    const t = sql.id(this.schema, "listings");
    const r = await sql<ListingRow>`UPDATE ${t} SET photo_hash = ${hash.toString()}::bigint, photo_due = NULL
      WHERE id = ${id}::uuid RETURNING *`.execute(trx);
    return r.rows[0];
  }

  /** A failed fetch or decode: tried again at `retryAt`, or never (null). */
  async failed(trx: Trx, id: string, tries: number, retryAt: Date | null): Promise<ListingRow | undefined> {
    const t = sql.id(this.schema, "listings");
    const r =
      await sql<ListingRow>`UPDATE ${t} SET photo_tries = ${tries}::int, photo_due = ${retryAt}::timestamptz
      WHERE id = ${id}::uuid RETURNING *`.execute(trx);
    return r.rows[0];
  }

  /**
   * Held listings first seen more than `maxHoldMs` ago, released (their photo is still hashed
   * later): a burst of new listings or a stuck fetch never delays an announcement by more than that.
   * The `photo_due` condition keeps it on that column's small partial index (a held listing is due).
   */
  async overdue(trx: Trx, maxHoldMs: number): Promise<ListingRow[]> {
    const t = sql.id(this.schema, "listings");
    const r = await sql<ListingRow>`UPDATE ${t} SET announce_held = false
      WHERE id IN (SELECT id FROM ${t} WHERE photo_due IS NOT NULL AND announce_held
        AND first_seen_at < now() - ${maxHoldMs}::int * interval '1 millisecond' FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(trx);
    return r.rows;
  }

  /** The listing is announced from now on; answers it as it is, or undefined if it was not held. */
  async release(trx: Trx, id: string): Promise<ListingRow | undefined> {
    const t = sql.id(this.schema, "listings");
    const r = await sql<ListingRow>`UPDATE ${t} SET announce_held = false
      WHERE id = ${id}::uuid AND announce_held RETURNING *`.execute(trx);
    return r.rows[0];
  }

  /**
   * The group a listing joins by its first photo, if it is alone in its own group: a listing with
   * nearly the same photo hash that is live on another source (first seen in the last 60 days) or
   * removed in the last 30 days on any, in a group without a live listing of this one's source,
   * with rooms equal and a price within 15 % where both are known (a broker's one photo of a
   * building's entrance on several flats is not one flat), and not when the photo is on
   * SHARED_PHOTO_GROUPS flats or more already. A live one first, then the closest
   * photo, then the newest. Joining moves the listing into that group, not shown (the caller
   * makes sure the group has one live member shown). Answers the group joined.
   */
  async joinByPhoto(trx: Trx, l: ListingRow, hash: bigint): Promise<string | undefined> {
    const t = sql.id(this.schema, "listings");
    const alone = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${t}
      WHERE canonical_id = ${l.id}::uuid AND id <> ${l.id}::uuid`.execute(trx);
    if (l.canonical_id !== l.id || (alone.rows[0]?.n ?? 0) > 0) return undefined;
    const h = sql`${hash.toString()}::bigint`;
    const bits = sql`bit_count((c.photo_hash # ${h})::bit(64))`;
    // A photo on several flats (a source's "no photo" picture, a broker's stock shot) names none.
    const common = await sql<{ n: number }>`SELECT count(DISTINCT c.canonical_id)::int AS n FROM (
      SELECT c.canonical_id FROM ${t} c WHERE c.photo_hash IS NOT NULL AND c.id <> ${l.id}::uuid
        AND (c.removed_at IS NULL OR c.removed_at > now() - interval '30 days')
        AND c.first_seen_at > now() - interval '60 days' AND ${bits} <= ${PHOTO_MATCH_BITS}
      LIMIT 50) c`.execute(trx);
    if ((common.rows[0]?.n ?? 0) >= SHARED_PHOTO_GROUPS) return undefined;
    const r = await sql<{ canonical_id: string }>`
      SELECT c.canonical_id FROM ${t} c
      WHERE c.photo_hash IS NOT NULL AND c.id <> ${l.id}::uuid
        AND ((c.source <> ${l.source} AND c.removed_at IS NULL AND c.first_seen_at > now() - interval '60 days')
          OR c.removed_at > now() - interval '30 days')
        AND ${bits} <= ${PHOTO_MATCH_BITS}
        AND (c.rooms IS NULL OR ${l.rooms}::real IS NULL OR c.rooms = ${l.rooms}::real)
        AND (c.price IS NULL OR ${l.price}::int IS NULL OR abs(c.price - ${l.price}::int) <= ${l.price}::int * 0.15)
        AND NOT EXISTS (SELECT 1 FROM ${t} m WHERE m.canonical_id = c.canonical_id
          AND m.source = ${l.source} AND m.removed_at IS NULL AND m.id <> ${l.id}::uuid)
      ORDER BY c.removed_at IS NULL DESC, ${bits}, c.first_seen_at DESC LIMIT 1`.execute(trx);
    const group = r.rows[0]?.canonical_id;
    if (!group) return undefined;
    await sql`UPDATE ${t} SET canonical_id = ${group}::uuid, shown = false WHERE id = ${l.id}::uuid`.execute(
      trx,
    );
    return group;
  }
}
