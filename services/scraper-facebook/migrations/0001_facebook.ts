import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/** Posts already taken per group, the source's state and run figures, and the per-group leases. */
export const facebook = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("seen_posts")
      .addColumn("group_id", "text", (c) => c.notNull())
      .addColumn("post_id", "text", (c) => c.notNull())
      // apartment, room, sublet or not_offer: what the parser made of it.
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("seen_posts_pk", ["group_id", "post_id"])
      .execute();
    await db.schema.createIndex("seen_posts_seen_at").on("seen_posts").column("seen_at").execute();

    // One row per configuration (the sorted FACEBOOK_GROUPS): shared by the replicas, so any
    // of them answers GetStatus; a new set of groups starts afresh.
    await db.schema
      .createTable("source_state")
      .addColumn("scope", "text", (c) => c.primaryKey())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("last_run_at", "timestamptz")
      .addColumn("last_success_at", "timestamptz")
      .addColumn("next_run_at", "timestamptz")
      // The cookie file's mtime (ms) when Facebook refused its session: no page is loaded
      // again until the file changes.
      .addColumn("blocked_mtime", "double precision")
      .addColumn("fetched", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("new", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("failed", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("duration_ms", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("runs")
      .addColumn("id", "bigserial", (c) => c.primaryKey())
      .addColumn("started_at", "timestamptz", (c) => c.notNull())
      .addColumn("finished_at", "timestamptz", (c) => c.notNull())
      .addColumn("groups", "integer", (c) => c.notNull())
      .addColumn("fetched", "integer", (c) => c.notNull())
      .addColumn("new", "integer", (c) => c.notNull())
      .addColumn("updated", "integer", (c) => c.notNull())
      .addColumn("failed", "integer", (c) => c.notNull())
      .addColumn("skipped", "integer", (c) => c.notNull())
      .addColumn("duration_ms", "integer", (c) => c.notNull())
      .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.createIndex("runs_started_at").on("runs").column("started_at").execute();

    // A group is read by one replica at a time; a lease that outlives a crashed holder expires.
    await db.schema
      .createTable("group_leases")
      .addColumn("group_id", "text", (c) => c.primaryKey())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .execute();
  },
};
