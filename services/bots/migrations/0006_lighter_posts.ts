import type { AnyDb } from "@dirabot/platform";

/**
 * `bot_posts`, written once a match (~950 rows a listing at 100,000 bots), made lighter and found
 * by its group:
 * - No foreign key to `bots`: its check share-locked the bot's row for every post, a write to the
 *   bot's page (and to the WAL) per match, a large share of a listing's posts. A bot's posts are deleted with it by the repository
 *   (bots.repo.ts); a post written by a match that raced the bot's deletion is left behind,
 *   harmless: nothing reads the posts of a bot that is gone, and ids are never reused.
 * - An index on `canonical_id`: a price drop looks up the bots that posted a flat's group
 *   (price-drops.ts), which without it read the whole table, every post of every bot.
 */
export const lighterPosts = {
  async up(db: AnyDb) {
    await db.schema.alterTable("bot_posts").dropConstraint("bot_posts_bot_id_fkey").ifExists().execute();
    await db.schema.createIndex("bot_posts_canonical").on("bot_posts").column("canonical_id").execute();
  },
};
