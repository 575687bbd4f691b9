import { EARTH_KM, ESTIMATE_KMH } from "@dirabot/geography/distance";
import { type RawBuilder, sql } from "kysely";
import type { BotRow, Db, Trx } from "./db.ts";

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
  /** The flat's point; unknown (null) meets no distance condition. */
  lat: number | null;
  lon: number | null;
  /** Travel minutes from the flat to places by mode, as the router answered (travel-times.ts). */
  times?: RoutedTimes;
}

/** Routed travel minutes, one entry per (place, mode); a pair not here takes the estimate. */
export interface RoutedTimes {
  placeIds: string[];
  modes: string[];
  minutes: number[];
}

/** A distance a posted bot's conditions name, for the match's texts. */
export interface PostedDistance {
  place_name: string;
  km: number;
}

/** The must-haves a bot may set, as the bots' columns name them (`need_<fact>`). */
export type MustHave = "safe_room" | "parking" | "elevator";
export const MUST_HAVES: readonly MustHave[] = ["safe_room", "parking", "elevator"];

/** The bot's columns a match answers, beside its id; the statement selects exactly these. */
const POSTED = ["user_id", "chat_id", "bot_name", "telegram_chat_id"] as const satisfies (keyof BotRow)[];

/** A bot that has just posted a listing: its row's columns, so a renamed one fails to compile. */
export type Posted = { bot_id: BotRow["id"] } & Pick<BotRow, (typeof POSTED)[number]> & {
    /** Null for a bot without distance conditions. */
    distances: PostedDistance[] | null;
  };

/** Straight-line kilometres from a `bot_near` row's place to the listing, as geography's haversineKm. */
const havKm = (lat: RawBuilder<unknown>, lon: RawBuilder<unknown>) =>
  sql`(2 * ${sql.lit(EARTH_KM)} * asin(least(1, sqrt(
    power(sin(radians(n.lat - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(n.lat)) * power(sin(radians(n.lon - ${lon}) / 2), 2)))))`;

/** The estimate's minutes of a `bot_near` row (geography's estimateMinutes). */
const estimate = (km: RawBuilder<unknown>) =>
  sql`greatest(1, round(${km} / CASE n.mode WHEN 'walking' THEN ${sql.lit(ESTIMATE_KMH.walking)}
    WHEN 'cycling' THEN ${sql.lit(ESTIMATE_KMH.cycling)} ELSE ${sql.lit(ESTIMATE_KMH.driving)} END * 60))`;

const columns = (table: string) => sql.join(POSTED.map((c) => sql.ref(`${table}.${c}`)));

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
   * have not posted it (a listing's first matches, written ahead of the rest). `needing`: only bots
   * that require one of these facts (those just learnt true: no other bot's verdict changed).
   *
   * Distance conditions (0010_near), all of which must hold: first the bot's box (near_*, a plain
   * test on its row: a flat outside it is too far for one of them), then, only for the bots whose
   * box holds the flat, each condition of `bot_near` (its primary key) by the haversine distance,
   * or for a travel-time one the router's minutes (`times`) else the estimate. A flat of unknown
   * point meets none. The bots with conditions answer the distances, for the match's texts.
   */
  async match(db: Db | Trx, l: MatchInput, limit?: number, needing?: MustHave[]): Promise<Posted[]> {
    const bots = sql.id(this.#schema, "bots");
    const posts = sql.id(this.#schema, "bot_posts");
    const rooms = sql`${l.rooms}::float8`;
    const near = sql.id(this.#schema, "bot_near");
    const lat = sql`${l.lat}::float8`;
    const lon = sql`${l.lon}::float8`;
    const km = havKm(lat, lon);
    const t = l.times ?? { placeIds: [], modes: [], minutes: [] };
    const routed = sql`(SELECT t.m FROM unnest(${t.placeIds}::uuid[], ${t.modes}::text[], ${t.minutes}::int[])
      AS t(p, mode, m) WHERE t.p = n.place_id AND t.mode = n.mode LIMIT 1)`;
    const r = await sql<Posted>`
      WITH matched AS (
        SELECT b.id, b.near_min_lat, ${columns("b")} FROM ${bots} b
        WHERE b.active AND NOT b.suspended AND b.neighborhood_codes @> ARRAY[${l.neighborhoodCode}::int]
          AND b.price_min <= ${l.price}::int AND b.price_max >= ${l.price}::int
          AND (b.min_rooms <= ${rooms} OR (${rooms} IS NULL AND b.min_rooms <= 1))
          AND (b.merchant IS NULL OR b.merchant = (${l.merchant}::boolean IS TRUE))
          AND (NOT b.need_safe_room OR ${l.safeRoom}::boolean IS TRUE)
          AND (NOT b.need_parking OR ${l.parking}::boolean IS TRUE)
          AND (NOT b.need_elevator OR ${l.elevator}::boolean IS TRUE)
          AND CASE ${l.term}::text WHEN 'sublet' THEN b.include_sublets WHEN 'room' THEN b.include_rooms ELSE true END
          AND (b.near_min_lat IS NULL OR (
            b.near_min_lat <= ${lat} AND b.near_max_lat >= ${lat} AND b.near_min_lon <= ${lon} AND b.near_max_lon >= ${lon}
            AND NOT EXISTS (SELECT 1 FROM ${near} n WHERE n.bot_id = b.id AND NOT (CASE WHEN n.km IS NOT NULL
              THEN ${km} <= n.km ELSE coalesce(${routed}, ${estimate(km)}) <= n.minutes END))))
          ${needing === undefined ? sql`` : sql`AND (${sql.join([sql`false`, ...needing.map((f) => sql.ref(`b.need_${f}`))], sql` OR `)})`}
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
      SELECT m.id AS bot_id, ${columns("m")},
        CASE WHEN m.near_min_lat IS NULL THEN NULL ELSE (
          SELECT json_agg(json_build_object('place_name', n.name, 'km', round(${km}::numeric, 1)::float8) ORDER BY n.name)
          FROM ${near} n WHERE n.bot_id = m.id) END AS distances
      FROM matched m JOIN posted p ON p.bot_id = m.id`.execute(db);
    return r.rows;
  }

  /**
   * Records a bot's recent matches, given oldest first; answers the listing ids it had not
   * posted yet. Their times follow the given order (a microsecond apart), so seenPosts lists
   * them oldest first although one transaction writes them all.
   */
  async record(trx: Trx, botId: string, items: { listingId: string; canonicalId: string }[]) {
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
  async orderStaged(trx: Trx, eventIds: string[]): Promise<void> {
    if (eventIds.length < 2) return;
    const outbox = sql.id(this.#schema, "outbox");
    await sql`UPDATE ${outbox} o SET created_at = o.created_at + x.n * interval '1 microsecond'
      FROM unnest(${eventIds}::text[]) WITH ORDINALITY AS x(id, n) WHERE o.id = x.id`.execute(trx);
  }
}
