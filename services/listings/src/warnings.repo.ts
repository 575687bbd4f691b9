import { sql } from "kysely";
import type { Db, Trx } from "./db.ts";

/**
 * A phone is "on many flats" when, among the listings first seen in the last DAYS days, it is on
 * at least FLATS different flats (duplicate groups: one flat on Yad2 and in three Facebook groups
 * is one) in at least HOODS different neighbourhoods. A private owner has one flat, two at most;
 * a phone that offers four flats across three areas in one week is the scam pattern of a fake
 * "owner" reposting stolen photos (docs/decisions/0091-warnings-where-it-smells.md). Known agencies are not warned about
 * (`WarningsService`): a broker's phone is on all their flats.
 */
export const PHONE_RULE = { FLATS: 4, HOODS: 3, DAYS: 7 } as const;

export interface BusyPhone {
  phone: string;
  flats: number;
  hoods: number;
}

/** The one query of the warnings: the phones of a page that are on many flats. */
export class WarningsRepo {
  readonly db: Db;
  /** The schema raw SQL names (Kysely qualifies only what its builder writes). */
  readonly schema: string;
  constructor(db: Db, schema = "listings") {
    this.db = db;
    this.schema = schema;
  }

  /**
   * Of these phones, those on many flats (PHONE_RULE), with their counts: one statement for a
   * whole page or ingest chunk. `phone <> ''` repeats the partial index's predicate
   * (`listings_phone_any`) so the planner can use it for `phone = ANY(…)`. Inside an ingest's
   * transaction (`trx`) the chunk's own new listings count too.
   */
  async busyPhones(phones: string[], trx?: Trx): Promise<Map<string, BusyPhone>> {
    const wanted = [...new Set(phones.filter((p) => p !== ""))];
    if (!wanted.length) return new Map();
    const listings = sql.id(this.schema, "listings"); // raw SQL is not schema-qualified by Kysely
    const r = await sql<BusyPhone>`
      SELECT phone, count(DISTINCT canonical_id)::int AS flats, count(DISTINCT neighborhood_code)::int AS hoods
      FROM ${listings}
      WHERE phone = ANY(${wanted}::text[]) AND phone <> ''
        AND first_seen_at > now() - make_interval(days => ${PHONE_RULE.DAYS})
      GROUP BY phone
      HAVING count(DISTINCT canonical_id) >= ${PHONE_RULE.FLATS}
        AND count(DISTINCT neighborhood_code) >= ${PHONE_RULE.HOODS}`.execute(trx ?? this.db);
    return new Map(r.rows.map((p) => [p.phone, p]));
  }
}
