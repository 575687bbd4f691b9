import type { AnyDb, AnyTrx } from "@dirabot/platform/db/types.ts";
import { sql } from "kysely";

/** What matching needs of a listing (a listing without area or price matches nothing). */
export interface MatchInput {
  listingId: string;
  canonicalId: string;
  neighborhoodCode: number;
  price: number;
  rooms: number | null;
  merchant: boolean | null;
  /** Known facts only: null (unknown) never passes a bot's must-have. */
  safeRoom: boolean | null;
  parking: boolean | null;
  elevator: boolean | null;
  /** long, sublet or room. */
  term: string;
}

/** A bot that has just posted a listing. */
export interface Posted {
  bot_id: string;
  user_id: string;
  chat_id: string;
  bot_name: string;
  telegram_chat_id: string | null;
}

/**
 * Matching and the posts ledger. Raw SQL is not schema-qualified by Kysely, so the schema is
 * named here (`bots` in the product; the bench uses a scratch schema).
 */
export class MatchRepo {
  readonly #schema: string;
  constructor(schema = "bots") {
    this.#schema = schema;
  }

  /**
   * One statement: the active bots (of owners not banned) watching the listing's area (GIN index on the codes) whose
   * price, rooms and merchant rule accept it, minus those that posted it or a duplicate of it
   * already (the (bot, canonical) key decides, so two replicas or a retry cannot post twice).
   * Unknown rooms pass only a bot asking for 1 room or fewer. A bot's merchant flag false wants
   * listings not known to be a merchant's, true wants merchants', null wants all. A must-have
   * (safe room, parking, elevator) passes only a listing known to have it; a sublet or a room in
   * a shared flat only a bot that includes them. These are plain conditions on the bot's row,
   * checked on the rows the area's GIN index found. `limit`: at most that many of the bots that
   * have not posted it (a listing's first matches, written ahead of the rest).
   */
  async match(db: AnyDb | AnyTrx, l: MatchInput, limit?: number): Promise<Posted[]> {
    const bots = sql.id(this.#schema, "bots");
    const posts = sql.id(this.#schema, "bot_posts");
    const rooms = sql`${l.rooms}::float8`;
    const r = await sql<Posted>`
      WITH matched AS (
        SELECT b.id, b.user_id, b.chat_id, b.bot_name, b.telegram_chat_id FROM ${bots} b
        WHERE b.active AND NOT b.suspended AND b.neighborhood_codes @> ARRAY[${l.neighborhoodCode}::int]
          AND b.price_min <= ${l.price}::int AND b.price_max >= ${l.price}::int
          AND (b.min_rooms <= ${rooms} OR (${rooms} IS NULL AND b.min_rooms <= 1))
          AND (b.merchant IS NULL OR b.merchant = (${l.merchant}::boolean IS TRUE))
          AND (NOT b.need_safe_room OR ${l.safeRoom}::boolean IS TRUE)
          AND (NOT b.need_parking OR ${l.parking}::boolean IS TRUE)
          AND (NOT b.need_elevator OR ${l.elevator}::boolean IS TRUE)
          AND CASE ${l.term}::text WHEN 'sublet' THEN b.include_sublets WHEN 'room' THEN b.include_rooms ELSE true END
        ${
          limit === undefined
            ? sql``
            : sql`AND NOT EXISTS (SELECT 1 FROM ${posts} p WHERE p.bot_id = b.id AND p.canonical_id = ${l.canonicalId}::uuid)
        LIMIT ${limit}`
        }
      ), posted AS (
        INSERT INTO ${posts} (bot_id, canonical_id, listing_id)
        SELECT id, ${l.canonicalId}::uuid, ${l.listingId}::uuid FROM matched
        ON CONFLICT DO NOTHING
        RETURNING bot_id
      )
      SELECT m.id AS bot_id, m.user_id, m.chat_id, m.bot_name, m.telegram_chat_id FROM matched m JOIN posted p ON p.bot_id = m.id`.execute(
      db,
    );
    return r.rows;
  }

  /**
   * Records a bot's recent matches, given oldest first; answers the listing ids it had not
   * posted yet. Their times follow the given order (a microsecond apart), so seenPosts lists
   * them oldest first although one transaction writes them all.
   */
  async record(trx: AnyTrx, botId: string, items: { listingId: string; canonicalId: string }[]) {
    if (!items.length) return [];
    const posts = sql.id(this.#schema, "bot_posts");
    const rows = items.map(
      (i, n) => sql`(${botId}::uuid, ${i.canonicalId}::uuid, ${i.listingId}::uuid, ${n}::int)`,
    );
    const r = await sql<{ listing_id: string }>`
      INSERT INTO ${posts} (bot_id, canonical_id, listing_id, created_at)
      SELECT v.bot_id, v.canonical_id, v.listing_id, now() + v.n * interval '1 microsecond'
      FROM (VALUES ${sql.join(rows)}) AS v(bot_id, canonical_id, listing_id, n)
      ON CONFLICT DO NOTHING
      RETURNING listing_id`.execute(trx);
    return r.rows.map((x) => x.listing_id);
  }

  /**
   * Events staged in one transaction share its start time, and the relay publishes in time
   * order: spreading them a microsecond apart, in the given order, keeps a bot's recent matches
   * published oldest first.
   */
  async orderStaged(trx: AnyTrx, eventIds: string[]): Promise<void> {
    if (eventIds.length < 2) return;
    const outbox = sql.id(this.#schema, "outbox");
    await sql`UPDATE ${outbox} o SET created_at = o.created_at + x.n * interval '1 microsecond'
      FROM unnest(${eventIds}::text[]) WITH ORDINALITY AS x(id, n) WHERE o.id = x.id`.execute(trx);
  }
}
