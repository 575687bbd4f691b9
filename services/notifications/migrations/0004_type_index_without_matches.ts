import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * The admins' list filtered by type keeps its index for every type but matches. Matches are
 * almost every notification (hundreds a listing), and their entries in `(type, created_at, id)`
 * cost each match's insert CPU on the server for a filter that barely filters: the admins' matches are read through `notifications_created`,
 * newest first, skipping the few others. A filter on any other type (system, request_verified…)
 * still finds its rare rows through this index (the planner proves `type = 'system'` implies the
 * index's condition).
 */
export const typeIndexWithoutMatches = {
  async up(db: AnyDb) {
    await db.schema.dropIndex("notifications_type_created").ifExists().execute();
    await db.schema
      .createIndex("notifications_type_created")
      .on("notifications")
      .columns(["type", "created_at desc", "id desc"])
      .where(sql<boolean>`type <> 'property_match'`)
      .execute();
  },
};
