import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * Why a session ended before its time (logout, password, ban, …; null while live or for sessions
 * ended before this was kept): a request with a session a ban ended is told so, with the reason,
 * instead of a plain "sign in again".
 */
export const sessionEndReason = {
  async up(db: AnyDb) {
    await db.schema.alterTable("sessions").addColumn("end_reason", "text").execute();
    await db.schema
      .alterTable("sessions")
      .addCheckConstraint(
        "sessions_end_reason",
        sql`end_reason IN ('logout', 'ended', 'password', 'reset', 'ban', 'role', 'claim', 'link_undone', 'deleted')`,
      )
      .execute();
  },
};
