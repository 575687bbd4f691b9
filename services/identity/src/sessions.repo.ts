import { sql } from "kysely";
import type { Db } from "./db.ts";

/** The SQL of the profile's sessions list (opening and ending them is in users.repo.ts). */
export class SessionsRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** A user's live sessions, the most recently used first. */
  live(userId: string) {
    return this.db
      .selectFrom("sessions")
      .select(["id", "user_agent", "created_at", "last_seen_at"])
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .orderBy(sql`coalesce(last_seen_at, created_at)`, "desc")
      .limit(100)
      .execute();
  }

  async seen(id: string): Promise<void> {
    await this.db.updateTable("sessions").set({ last_seen_at: sql`now()` }).where("id", "=", id).execute();
  }
}
