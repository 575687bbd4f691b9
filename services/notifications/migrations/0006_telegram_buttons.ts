import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A queued Telegram message keeps its link buttons (a match's "Open in Dirabot" and WhatsApp):
 * `[{text, url}]`, none for the rows queued before.
 */
export const telegramButtons = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("telegram_sends")
      .addColumn("buttons", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
};
