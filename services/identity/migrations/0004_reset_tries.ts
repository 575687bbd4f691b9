import type { AnyDb } from "@dirabot/platform";

/**
 * Wrong password-reset guesses, kept apart from the codes so a new code does not clear them: per
 * account (a keyed hash of the email, known or not) for the daily ceiling, and per (account,
 * client address) for the back-off. A code keeps the address that asked for it (codes sent an
 * hour are counted per address and per account).
 */
export const resetTries = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("reset_tries")
      .addColumn("account", "text", (c) => c.primaryKey())
      .addColumn("window_from", "timestamptz", (c) => c.notNull())
      .addColumn("wrong", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("ceiling_at", "timestamptz")
      .execute();
    await db.schema
      .alterTable("reset_codes")
      .addColumn("requested_from", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.createIndex("reset_tries_window").on("reset_tries").column("window_from").execute();
    await db.schema
      .createTable("reset_pair_tries")
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("wrong", "integer", (c) => c.notNull())
      .addColumn("last_wrong_at", "timestamptz", (c) => c.notNull())
      .addPrimaryKeyConstraint("reset_pair_tries_pk", ["account", "address"])
      .execute();
    await db.schema
      .createIndex("reset_pair_tries_last")
      .on("reset_pair_tries")
      .column("last_wrong_at")
      .execute();
  },
};
