import { sql } from "kysely";
import type { BotRow, Db, Trx } from "./db.ts";
import { type NearRow, nearBox, type StoredNear, type StoredPlace, type TravelMode } from "./near.ts";

/** A place some travel-time condition near a listing names, with the mode it asks for. */
export interface MinuteTarget {
  placeId: string;
  lat: number;
  lon: number;
  mode: TravelMode;
}

/** Bots' copy of users' places and the bots' distance conditions (0010_near). */
export class NearRepo {
  readonly #schema: string;
  constructor(schema = "bots") {
    this.#schema = schema;
  }

  async placesOf(q: Db | Trx, userId: string): Promise<StoredPlace[]> {
    const r = await q
      .selectFrom("user_places")
      .select("places")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return r?.places ?? [];
  }

  /** Keeps a user's list when it is newer than the one kept; answers whether it was. */
  async keepPlaces(trx: Trx, userId: string, version: number, places: StoredPlace[]): Promise<boolean> {
    const r = await trx
      .insertInto("user_places")
      .values({ user_id: userId, version, places: JSON.stringify(places) })
      .onConflict((oc) =>
        oc
          .column("user_id")
          .doUpdateSet({ version, places: JSON.stringify(places) })
          .where("user_places.version", "<", version),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Replaces a bot's conditions: the answer's list, the match rows and the bot's box. */
  async write(trx: Trx, bot: Pick<BotRow, "id" | "user_id">, rows: NearRow[]): Promise<BotRow> {
    await trx.deleteFrom("bot_near").where("bot_id", "=", bot.id).execute();
    if (rows.length)
      await trx
        .insertInto("bot_near")
        .values(
          rows.map((r) => ({
            bot_id: bot.id,
            place_id: r.placeId,
            user_id: bot.user_id,
            name: r.name,
            lat: r.lat,
            lon: r.lon,
            km: r.km,
            minutes: r.minutes,
            mode: r.mode,
          })),
        )
        .execute();
    const box = nearBox(rows);
    const near: StoredNear[] = rows.map(({ placeId, km, minutes, mode }) => ({ placeId, km, minutes, mode }));
    return trx
      .updateTable("bots")
      .set({
        near: JSON.stringify(near),
        near_min_lat: box?.minLat ?? null,
        near_max_lat: box?.maxLat ?? null,
        near_min_lon: box?.minLon ?? null,
        near_max_lon: box?.maxLon ?? null,
      })
      .where("id", "=", bot.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A bot's conditions with their places' points (the match statement's rows). */
  async rowsOf(q: Db | Trx, botId: string): Promise<NearRow[]> {
    const rows = await q.selectFrom("bot_near").selectAll().where("bot_id", "=", botId).execute();
    return rows.map((r) => ({
      placeId: r.place_id,
      name: r.name,
      lat: r.lat,
      lon: r.lon,
      km: r.km,
      minutes: r.minutes,
      mode: r.mode,
    }));
  }

  /** A user's bots that have distance conditions, locked for their rewrite. */
  botsWithNear(trx: Trx, userId: string): Promise<BotRow[]> {
    return trx
      .selectFrom("bots")
      .selectAll()
      .where("user_id", "=", userId)
      .where(sql<boolean>`near <> '[]'::jsonb`)
      .forUpdate()
      .execute();
  }

  /**
   * The places of travel-time conditions that a listing at (lat, lon) in this neighbourhood could
   * meet: of active bots watching it, within the condition's straight-line reach (its bot's box).
   * These, and only these, are asked of the router before the match statement runs.
   */
  async minuteTargets(q: Db | Trx, code: number, lat: number, lon: number): Promise<MinuteTarget[]> {
    const bots = sql.id(this.#schema, "bots");
    const near = sql.id(this.#schema, "bot_near");
    const r = await sql<MinuteTarget>`
      SELECT DISTINCT n.place_id AS "placeId", n.lat, n.lon, n.mode FROM ${bots} b
      JOIN ${near} n ON n.bot_id = b.id AND n.minutes IS NOT NULL
      WHERE b.active AND NOT b.suspended AND b.neighborhood_codes @> ARRAY[${code}::int]
        AND b.near_min_lat <= ${lat}::float8 AND b.near_max_lat >= ${lat}::float8
        AND b.near_min_lon <= ${lon}::float8 AND b.near_max_lon >= ${lon}::float8`.execute(q);
    return r.rows;
  }
}
