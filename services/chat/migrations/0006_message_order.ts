import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A chat's messages in the order they were written, even when two share a timestamp. The embedded
 * database's clock reads whole milliseconds (PGlite), so two messages written within one came back
 * in the order of their random ids: a chat's page and its starred list could show them swapped.
 * `seq` is given at insert from the table's own sequence (existing rows get one in the order they
 * lie), and orders messages of the same time; the indexes sort by it in place of the id.
 */
export const messageOrder = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("messages")
      .addColumn("seq", "bigint", (c) => c.notNull().generatedByDefaultAsIdentity())
      .execute();
    for (const [name, columns, starredOnly] of [
      ["messages_page", ["chat_id", "created_at desc", "seq desc"], false],
      ["messages_starred", ["chat_id", "created_at", "seq"], true],
    ] as const) {
      await db.schema.dropIndex(name).ifExists().execute();
      const index = db.schema
        .createIndex(name)
        .on("messages")
        .columns([...columns]);
      await (starredOnly ? index.where(sql<boolean>`starred`) : index).execute();
    }
  },
};
