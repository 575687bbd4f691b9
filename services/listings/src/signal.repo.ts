import { sql } from "kysely";
import type { Db } from "./db.ts";

/**
 * The fewest comparable listings an area's median is taken from. Below five, one odd listing (a
 * room offered as a flat, a price typed without a digit) moves the median by tens of percent;
 * from five, two such outliers still leave it among ordinary prices. Fewer than five of one room
 * count in one neighbourhood within 30 days is also too thin a market to call a price "below".
 */
export const MIN_SAMPLE = 5;
/** How far back an area's listings count (by first sighting). */
const WINDOW = sql`interval '30 days'`;

export interface MedianRow {
  neighborhood_code: number;
  rooms: number;
  median_per_room: number;
}

/** The area medians of the price signal: the only SQL of it. */
export class SignalRepo {
  readonly db: Db;
  /** The schema raw SQL names (Kysely qualifies only what its builder writes). */
  readonly schema: string;
  constructor(db: Db, schema = "listings") {
    this.db = db;
    this.schema = schema;
  }

  /**
   * Recomputes the median ₪ per room of every area (neighbourhood code, room count) of these
   * neighbourhoods (of all when none are named) with one statement: the active, shown (one per
   * duplicate group) whole flats first seen in the window, per area with at least MIN_SAMPLE of
   * them; an area that fell below it is dropped. Named neighbourhoods are found by their index.
   * Refreshes take turns (a transaction-scoped advisory lock), so each one's snapshot is later
   * than the one before it and their upserts never deadlock.
   */
  async refresh(codes?: number[]): Promise<void> {
    const listings = sql.id(this.schema, "listings"); // raw SQL is not schema-qualified by Kysely
    const medians = sql.id(this.schema, "area_medians");
    const scope = codes ? sql`AND neighborhood_code = ANY(${codes}::int[])` : sql``;
    const scopeOfGone = codes ? sql`AND m.neighborhood_code = ANY(${codes}::int[])` : sql``;
    await this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended('listings:area_medians', 0))`.execute(trx);
      await sql`
        WITH fresh AS (
          SELECT neighborhood_code, rooms,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY price::float8 / rooms) AS median,
            count(*)::int AS sample
          FROM ${listings}
          WHERE removed_at IS NULL AND shown AND kind = 'apartment' AND price > 0 AND rooms > 0
            AND neighborhood_code IS NOT NULL AND first_seen_at > now() - ${WINDOW} ${scope}
          GROUP BY neighborhood_code, rooms
          HAVING count(*) >= ${MIN_SAMPLE}
        ), gone AS (
          DELETE FROM ${medians} m WHERE NOT EXISTS (
            SELECT 1 FROM fresh f WHERE f.neighborhood_code = m.neighborhood_code AND f.rooms = m.rooms)
            ${scopeOfGone}
        )
        INSERT INTO ${medians} (neighborhood_code, rooms, median_per_room, sample, computed_at)
        SELECT neighborhood_code, rooms, median, sample, now() FROM fresh
        ORDER BY neighborhood_code, rooms
        ON CONFLICT (neighborhood_code, rooms) DO UPDATE SET median_per_room = excluded.median_per_room,
          sample = excluded.sample, computed_at = excluded.computed_at`.execute(trx);
    });
  }

  /** The stored medians (of these neighbourhoods): a few thousand rows at most. */
  async medians(codes?: number[]): Promise<MedianRow[]> {
    let q = this.db.selectFrom("area_medians").select(["neighborhood_code", "rooms", "median_per_room"]);
    if (codes) q = q.where("neighborhood_code", "in", codes.length ? codes : [-1]);
    return (await q.execute()).map((r) => ({ ...r, median_per_room: Number(r.median_per_room) }));
  }
}
