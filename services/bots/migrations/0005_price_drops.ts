import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * The last price of a posted flat that each bot's chat knows (per duplicate group): a drop is
 * told when the new price is below it, and then it becomes the new price. So a redelivered event,
 * a repeated poll, or a second source of the same flat dropping to the same price tells nothing
 * again, while a later, lower drop is told again.
 */
export const priceDrops = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("price_told")
      .addColumn("bot_id", "uuid", (c) => c.notNull().references("bots.id").onDelete("cascade"))
      .addColumn("canonical_id", "uuid", (c) => c.notNull())
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("price_told_pk", ["bot_id", "canonical_id"])
      .execute();
  },
};
