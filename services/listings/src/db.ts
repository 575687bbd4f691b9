import type { Generated, Kysely, Transaction } from "kysely";
import type { ListingRow } from "./listing.row.ts";

type WithDefaults<T, K extends keyof T> = Omit<T, K> & { [P in K]: Generated<T[P]> };

/** The listings schema as Kysely sees it. */
export interface ListingsDb {
  listings: WithDefaults<
    ListingRow,
    "id" | "shown" | "first_seen_at" | "last_seen_at" | "checked_at" | "removed_at"
  >;
  price_history: {
    id: Generated<number>;
    listing_id: string;
    price: number | null;
    changed_at: Generated<Date>;
  };
  geocode_cache: { query: string; places: unknown; fetched_at: Generated<Date> };
  area_medians: {
    neighborhood_code: number;
    rooms: number;
    median_per_room: number;
    sample: number;
    computed_at: Generated<Date>;
  };
}
export type Db = Kysely<ListingsDb>;
export type Trx = Transaction<ListingsDb>;
