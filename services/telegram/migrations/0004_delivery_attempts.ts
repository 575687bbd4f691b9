import type { AnyDb } from "@dirabot/platform";

/**
 * When each delivery's last send started (`attempted_at`, set as it is claimed, by the sender's
 * clock). A sender that starts — after a restart, or on the replica that took the broadcast lock
 * over — continues the pace from the last send instead of starting afresh: the bot's rate holds
 * across the change, as Telegram counts it.
 */
export const deliveryAttempts = {
  async up(db: AnyDb) {
    await db.schema.alterTable("deliveries").addColumn("attempted_at", "timestamptz").execute();
  },
};
