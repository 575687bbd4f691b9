import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A user's places that matter (work, school, parents…): at most 5 `{id, name, lat, lon}` kept in
 * the user's order as one JSON list, read and written whole with the user. `places_version` grows
 * with every change, so the copy bots keeps (user.places_changed) never goes back to an older list.
 */
export const places = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("users")
      .addColumn("places", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn("places_version", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("users")
      .addCheckConstraint(
        "users_places",
        sql`jsonb_typeof(places) = 'array' AND jsonb_array_length(places) <= 5`,
      )
      .execute();
  },
};
