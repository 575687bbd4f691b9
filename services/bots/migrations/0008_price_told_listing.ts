import type { AnyDb } from "@dirabot/platform";

/**
 * Which listing of the flat's group the price a chat knows came from. A change of that same
 * listing is told from its own old price (right whatever order replicas apply its changes in); a
 * price recorded from the flat's other source is the one the chat knew (its drop to the same
 * price is no news). Rows from before have none and keep the recorded price.
 */
export const priceToldListing = {
  async up(db: AnyDb) {
    await db.schema.alterTable("price_told").addColumn("listing_id", "uuid").execute();
  },
};
