import type { AnyDb } from "@dirabot/platform";

/**
 * When the price a chat knows changed (the change event's time). Two changes of one flat may be
 * handled out of order (a redelivery after a failure, two replicas): an older change must neither
 * be told after a newer one nor overwrite the newer price, or a later drop is told from a price
 * the flat no longer had. Rows written before this column have none and count as oldest.
 */
export const priceToldOrder = {
  async up(db: AnyDb) {
    await db.schema.alterTable("price_told").addColumn("changed_at", "timestamptz").execute();
  },
};
