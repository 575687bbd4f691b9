import type { AnyDb } from "@dirabot/platform";

/**
 * A banned owner's bots are suspended: they match nothing and watch no area until the ban is
 * lifted. A column of its own, not `active`, so the owner's own on/off setting survives a ban.
 * `suspension_at` is when identity made the latest ban decision applied, so a late redelivery of
 * an older one cannot undo a newer one.
 */
export const suspended = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("bots")
      .addColumn("suspended", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("suspension_at", "timestamptz")
      .execute();
  },
};
