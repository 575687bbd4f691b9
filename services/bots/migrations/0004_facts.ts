import type { AnyDb } from "@dirabot/platform";

/**
 * A bot's must-haves (a listing passes only when known to have each: unknown does not) and what
 * it takes besides whole flats for long-term rent. All false by default, so existing bots keep
 * matching as before except that rooms in shared flats and sublets now need asking for.
 */
export const facts = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("bots")
      .addColumn("need_safe_room", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("need_parking", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("need_elevator", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("include_rooms", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("include_sublets", "boolean", (c) => c.notNull().defaultTo(false))
      .execute();
  },
};
