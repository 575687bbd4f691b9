import type { AnyDb } from "@dirabot/platform/db/types.ts";
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
  constructor(db: AnyDb) {
    this.db = db as Db;
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

  async put(query: string, places: CachedPlace[]): Promise<void> {
    await this.db
      .insertInto("geocode_cache")
      .values({ query, places: JSON.stringify(places) })
      .onConflict((oc) =>
        oc.column("query").doUpdateSet({ places: JSON.stringify(places), fetched_at: sql<Date>`now()` }),
      )
      .execute();
  }
}
