import { sql } from "kysely";
import type { Db } from "./db.ts";

export interface CachedPlace {
  lat: number;
  lon: number;
  displayName: string;
}

/** Geocoder answers kept by normalised query, so each place is asked for once. */
export class GeocodeRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async get(query: string, maxAgeDays: number): Promise<CachedPlace[] | undefined> {
    const row = await this.db
      .selectFrom("geocode_cache")
      .select("places")
      .where("query", "=", query)
      .where("fetched_at", ">", sql<Date>`now() - make_interval(days => ${maxAgeDays})`)
      .executeTakeFirst();
    return row?.places;
  }

  /** Keeps an answer, then drops what is past the bound: older than `days`, or beyond the newest `rows`. */
  async put(query: string, places: CachedPlace[], bound: { rows: number; days: number }): Promise<void> {
    await this.db
      .insertInto("geocode_cache")
      .values({ query, places: JSON.stringify(places) })
      .onConflict((oc) =>
        oc.column("query").doUpdateSet({ places: JSON.stringify(places), fetched_at: sql<Date>`now()` }),
      )
      .execute();
    await this.db
      .deleteFrom("geocode_cache")
      .where((eb) =>
        eb.or([
          eb("fetched_at", "<", sql<Date>`now() - make_interval(days => ${bound.days})`),
          eb(
            "query",
            "in",
            eb
              .selectFrom("geocode_cache")
              .select("query")
              .orderBy("fetched_at", "desc")
              .orderBy("query")
              .offset(bound.rows),
          ),
        ]),
      )
      .execute();
  }
}
