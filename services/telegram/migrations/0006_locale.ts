import type { AnyDb } from "@dirabot/platform";

/**
 * The language of the account a link code is for ("en" or "he"), as the gateway knew it: the
 * link's confirmation and the notice to a chat it replaces are written in it.
 */
export const linkLocale = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("link_codes")
      .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
      .execute();
  },
};
