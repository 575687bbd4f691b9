import { sql } from "kysely";
import type { Db } from "./db.ts";
import { FACTS, type FactColumns } from "./facts.ts";

export interface SourceRow extends FactColumns {
  id: string;
  source: string;
  link: string;
  source_group: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
  removed_at: Date | null;
}

/** A flat's story: every listing of its duplicate group and their merged price history. */
export class StoryRepo {
  readonly db: Db;
  /** The schema raw SQL names (Kysely qualifies only what its builder writes). */
  readonly schema: string;
  constructor(db: Db, schema = "listings") {
    this.db = db;
    this.schema = schema;
  }

  /** Every listing of the group, first seen first (the canonical index). */
  async sources(canonicalId: string): Promise<SourceRow[]> {
    return this.db
      .selectFrom("listings")
      .select(["id", "source", "link", "source_group", "first_seen_at", "last_seen_at", "removed_at"])
      .select(FACTS.map(([col]) => col))
      .where("canonical_id", "=", canonicalId)
      .orderBy("first_seen_at")
      .orderBy("id")
      .execute();
  }

  /** The facts the group's sources said and then changed, oldest first. */
  async factChanges(canonicalId: string): Promise<{ fact: string; from: boolean; to: boolean; at: Date }[]> {
    return this.db
      .selectFrom("fact_changes as f")
      .innerJoin("listings as l", "l.id", "f.listing_id")
      .select(["f.fact", "f.from_value as from", "f.to_value as to", "f.changed_at as at"])
      .where("l.canonical_id", "=", canonicalId)
      .orderBy("f.changed_at")
      .orderBy("f.id")
      .execute();
  }

  /**
   * The group's price history, oldest first: every member's entries merged, an entry dropped when
   * the one before it has the same price (a flat seen on a second source at its price is no
   * change); "call for price" (null) counts as a price.
   */
  async prices(canonicalId: string): Promise<{ price: number | null; at: Date }[]> {
    const history = sql.id(this.schema, "price_history"); // raw SQL is not schema-qualified by Kysely
    const listings = sql.id(this.schema, "listings");
    const r = await sql<{ price: number | null; at: Date }>`
      SELECT price, at FROM (
        SELECT h.price, h.changed_at AS at, h.id,
          lag(h.price) OVER w AS before, row_number() OVER w AS n
        FROM ${history} h JOIN ${listings} l ON l.id = h.listing_id
        WHERE l.canonical_id = ${canonicalId}
        WINDOW w AS (ORDER BY h.changed_at, h.id)
      ) merged
      WHERE n = 1 OR price IS DISTINCT FROM before
      ORDER BY at, id`.execute(this.db);
    return r.rows;
  }
}
