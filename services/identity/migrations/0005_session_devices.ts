import type { AnyDb } from "@dirabot/platform";

/**
 * What the profile shows of a session: the browser it was opened in and when it was last used
 * (written at most once a minute by Authenticate; null until then).
 */
export const sessionDevices = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("sessions")
      .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("last_seen_at", "timestamptz")
      .execute();
  },
};
