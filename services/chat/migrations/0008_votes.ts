import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * What a chat's members say about its matches, and how far each has read:
 * - `message_votes`: one row per match and member, holding their 👍/👎 (null once taken back)
 *   with a note and their quick replies ("I called", a viewing's day). A new vote replaces the
 *   row's, so a member's votes never add up. The voter's name is kept as it was, like a sender's.
 * - `read_marks`: per chat and member, the time of the newest message they had when they last
 *   read the chat; a message is seen by the members whose mark has reached it. The owners' marks
 *   start from the messages they had already read.
 * Both are deleted with their chat by the repository (no foreign keys: see 0005).
 */
export const votes = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("message_votes")
      .addColumn("message_id", "uuid", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("chat_id", "uuid", (c) => c.notNull())
      .addColumn("fullname", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("vote", "text", (c) => c.check(sql`vote IN ('up', 'down')`))
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("called", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("viewing_on", "text", (c) => c.check(sql`viewing_on ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addPrimaryKeyConstraint("message_votes_pkey", ["message_id", "user_id"])
      .execute();
    await db.schema.createIndex("message_votes_by_chat").on("message_votes").column("chat_id").execute();

    await db.schema
      .createTable("read_marks")
      .addColumn("chat_id", "uuid", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("fullname", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("up_to", "timestamptz", (c) => c.notNull())
      .addPrimaryKeyConstraint("read_marks_pkey", ["chat_id", "user_id"])
      .execute();
    await db
      .insertInto("read_marks")
      .columns(["chat_id", "user_id", "up_to"])
      .expression((eb) =>
        eb
          .selectFrom("messages as m")
          .innerJoin("chats as c", "c.id", "m.chat_id")
          .select(["m.chat_id", "c.user_id", eb.fn.max("m.created_at").as("up_to")])
          .where("m.is_read", "=", true)
          .groupBy(["m.chat_id", "c.user_id"]),
      )
      .execute();
  },
};
