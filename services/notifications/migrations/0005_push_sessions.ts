import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A push subscription belongs to the session that made it and ends with it (sessions.ended).
 * Rows made before carry no session: they end at their user's next session end of any kind
 * (docs/decisions/0155-a-push-subscription-belongs-to-the-session.md). `id` names a device to its owner without showing its endpoint, a
 * capability URL; `last_used_at` is the last push delivered (else the last subscribe).
 */
export const pushSessions = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("push_subscriptions")
      .addColumn("id", "uuid", (c) => c.notNull().defaultTo(sql`gen_random_uuid()`).unique())
      .addColumn("session_id", "text")
      .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("last_used_at", "timestamptz")
      .execute();
    await db.schema
      .createIndex("push_subscriptions_session")
      .on("push_subscriptions")
      .column("session_id")
      .execute();
  },
};
