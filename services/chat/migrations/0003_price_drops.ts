import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A message of a third type: a price drop of a flat the bot had posted into the chat. It carries
 * the flat (asset) but no canonical id, so it never collides with the flat's own asset message
 * (one per chat and group) and each drop is a message of its own.
 */
export const priceDrops = {
  async up(db: AnyDb) {
    await db.schema.alterTable("messages").dropConstraint("messages_type_check").execute();
    await db.schema
      .alterTable("messages")
      .addCheckConstraint("messages_type_check", sql`type IN ('text', 'asset', 'price_drop')`)
      .execute();
  },
};
