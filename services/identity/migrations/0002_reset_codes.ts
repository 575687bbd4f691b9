import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/** Password reset codes: only hashes are kept; single use, 15 minutes, 5 wrong tries. */
export const resetCodes = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("reset_codes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull())
      .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .addColumn("used_at", "timestamptz")
      .execute();
    await db.schema.createIndex("reset_codes_user").on("reset_codes").column("user_id").execute();
  },
};
