import type { AnyDb } from "@dirabot/platform";

/**
 * The facts renters filter on (safe room, parking, elevator, balcony, furnished, pets, air
 * conditioning, accessible): nullable booleans, null being unknown (most posts say nothing of
 * most of them, and "not said" is not "no"). The term (long, sublet, room) is the existing `kind`.
 * No index: browsing filters on them only after an area or a bot's areas narrowed the rows.
 */
export const facts = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("listings")
      .addColumn("safe_room", "boolean")
      .addColumn("parking", "boolean")
      .addColumn("elevator", "boolean")
      .addColumn("balcony", "boolean")
      .addColumn("furnished", "boolean")
      .addColumn("pets", "boolean")
      .addColumn("air_conditioning", "boolean")
      .addColumn("accessible", "boolean")
      .execute();
  },
};
