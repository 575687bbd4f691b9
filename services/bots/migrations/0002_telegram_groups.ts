import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Telegram group bots: the group a bot posts to besides its web chat. One bot per user and group
 * (the unique index), so a retried code redemption answers the bot it made the first time.
 */
export const telegramGroups = {
  async up(db: AnyDb) {
    await db.schema.alterTable("bots").addColumn("telegram_chat_id", "text").execute();
    await db.schema
      .createIndex("bots_user_telegram_chat")
      .on("bots")
      .columns(["user_id", "telegram_chat_id"])
      .unique()
      .where(sql<boolean>`telegram_chat_id IS NOT NULL`)
      .execute();
  },
};
