import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A user's notification settings: matches to Telegram (off by default) and quiet hours, a daily
 * window of two "HH:mm" times in Israel time (both set or neither).
 */
export const notify = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("users")
      .addColumn("notify_telegram_matches", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("quiet_from", "text")
      .addColumn("quiet_to", "text")
      .execute();
    await db.schema
      .alterTable("users")
      .addCheckConstraint(
        "users_quiet_hours",
        sql`(quiet_from IS NULL AND quiet_to IS NULL) OR (quiet_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
          AND quiet_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND quiet_from <> quiet_to)`,
      )
      .execute();
  },
};
