import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * The language the product speaks to a user in: the web app, error messages, Telegram and push
 * texts. A new account takes the browser's (Accept-Language); existing ones stay English.
 */
export const locale = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("users")
      .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
      .execute();
    await db.schema
      .alterTable("users")
      .addCheckConstraint("users_locale", sql`locale IN ('en', 'he')`)
      .execute();
  },
};
