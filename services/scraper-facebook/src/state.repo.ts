import { type Selectable, sql } from "kysely";
import type { SourceState } from "./db.generated.ts";
import type { Db } from "./db.ts";

export interface Figures {
  fetched: number;
  new: number;
  updated: number;
  failed: number;
  skipped: number;
  duration_ms: number;
}

/** A scope's row of `source_state`. */
export type StateRow = Selectable<SourceState>;

/** What a finished run leaves: the source's new state and the run's figures. */
export interface RunRecord extends Figures {
  scope: string;
  state: "online" | "offline";
  error: string;
  startedAt: Date;
  groups: number;
  /** Set: the session was refused with this cookie file; null: it was good (or not the question). */
  blockedMtime: number | null;
  success: boolean;
}

/** The only SQL of the scraper-facebook service. */
export class StateRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async seenAmong(groupId: string, postIds: string[]): Promise<Set<string>> {
    if (postIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("seen_posts")
      .select("post_id")
      .where("group_id", "=", groupId)
      .where("post_id", "in", postIds)
      .execute();
    return new Set(rows.map((r) => r.post_id));
  }

  async markSeen(groupId: string, posts: Array<{ id: string; kind: string }>): Promise<void> {
    if (posts.length === 0) return;
    await this.db
      .insertInto("seen_posts")
      .values(posts.map((p) => ({ group_id: groupId, post_id: p.id, kind: p.kind })))
      .onConflict((oc) => oc.columns(["group_id", "post_id"]).doNothing())
      .execute();
  }

  state(scope: string): Promise<StateRow | undefined> {
    return this.db.selectFrom("source_state").selectAll().where("scope", "=", scope).executeTakeFirst();
  }

  /** Records a run: its figures in `runs`, the source's state for GetStatus. One short transaction. */
  async recordRun(r: RunRecord): Promise<void> {
    const figures = {
      fetched: r.fetched,
      new: r.new,
      updated: r.updated,
      failed: r.failed,
      skipped: r.skipped,
      duration_ms: r.duration_ms,
    };
    const now = new Date();
    const state = {
      state: r.state,
      last_error: r.error,
      last_run_at: r.startedAt,
      blocked_mtime: r.blockedMtime,
      ...figures,
      ...(r.success ? { last_success_at: now } : {}),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("runs")
        .values({
          scope: r.scope,
          started_at: r.startedAt,
          finished_at: now,
          groups: r.groups,
          error: r.error,
          ...figures,
        })
        .execute();
      // A refused session opens a blocked period (one at a time); a successful run ends it.
      if (r.blockedMtime !== null)
        await trx
          .insertInto("blocked_periods")
          .values({ scope: r.scope, reason: (r.error || "session refused").slice(0, 300), ended_at: null })
          .onConflict((oc) => oc.column("scope").where("ended_at", "is", null).doNothing())
          .execute();
      else if (r.success)
        await trx
          .updateTable("blocked_periods")
          .set({ ended_at: now })
          .where("scope", "=", r.scope)
          .where("ended_at", "is", null)
          .execute();
      await trx
        .insertInto("source_state")
        .values({ scope: r.scope, last_success_at: null, next_run_at: null, ...state })
        .onConflict((oc) => oc.column("scope").doUpdateSet(state))
        .execute();
    });
  }

  /** A state that needs no run to know (cookie file missing, session still refused). */
  async setState(scope: string, state: "online" | "offline", error: string): Promise<void> {
    await this.db
      .insertInto("source_state")
      .values({ ...emptyState(scope), state, last_error: error })
      .onConflict((oc) => oc.column("scope").doUpdateSet({ state, last_error: error }))
      .execute();
  }

  async setNextRun(scope: string, at: Date): Promise<void> {
    await this.db
      .insertInto("source_state")
      .values({ ...emptyState(scope), next_run_at: at })
      .onConflict((oc) => oc.column("scope").doUpdateSet({ next_run_at: at }))
      .execute();
  }

  /** Keeps the tables small: run history for 30 days, seen posts for 90 (far below any feed read). */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom("runs")
      .where("started_at", "<", sql<Date>`now() - interval '30 days'`)
      .execute();
    await this.db
      .deleteFrom("blocked_periods")
      .where("ended_at", "<", sql<Date>`now() - interval '30 days'`)
      .execute();
    await this.db
      .deleteFrom("seen_posts")
      .where("seen_at", "<", sql<Date>`now() - interval '90 days'`)
      .execute();
  }
}

function emptyState(scope: string): StateRow {
  return {
    scope,
    state: "offline",
    last_error: "",
    last_run_at: null,
    last_success_at: null,
    next_run_at: null,
    blocked_mtime: null,
    fetched: 0,
    new: 0,
    updated: 0,
    failed: 0,
    skipped: 0,
    duration_ms: 0,
  };
}
