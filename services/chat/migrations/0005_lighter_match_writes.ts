import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * What a listing's many matches write in chat, made lighter:
 * - `chats_by_user` becomes an index on `user_id` alone. With `last_message_at` in it, every new
 *   message made its chat's update a new entry in each of the table's three indexes; without
 *   it, and with room left on each page (`fillfactor`), the update is HOT: the new row version
 *   goes on the same page and no index changes. A user's chats are sorted in memory (a few to a
 *   few hundred rows).
 * - No foreign key from `messages.chat_id` to `chats`: it checked and share-locked the chat row
 *   for each inserted message (a write to the chat's page for each of them). Every write to a
 *   chat's messages holds the chat's advisory lock and first looks for its tombstone, and a
 *   deleted chat's messages are deleted with it by the repository (chats.repo.ts `remove`).
 */
export const lighterMatchWrites = {
  async up(db: AnyDb) {
    await db.schema.dropIndex("chats_by_user").ifExists().execute();
    await db.schema.createIndex("chats_by_user").on("chats").column("user_id").execute();
    // Kysely's schema builder has no storage parameters, and raw SQL is not qualified with the
    // service's schema (which tests may rename): the table's name as Kysely qualifies it.
    const chats = /from ("[^"]+"\."chats"|"chats")/.exec(
      db.selectFrom("chats").selectAll().compile().sql,
    )?.[1];
    if (!chats) throw new Error("0005: the chats table's qualified name was not found");
    await sql.raw(`ALTER TABLE ${chats} SET (fillfactor = 70)`).execute(db);
    await db.schema.alterTable("messages").dropConstraint("messages_chat_id_fkey").ifExists().execute();
  },
};
