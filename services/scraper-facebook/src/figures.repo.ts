import { sql } from "kysely";
import type { Db } from "./db.ts";

export interface FacebookTotals {
  runs: number;
  /** Runs that reported an error (a group or the whole session). */
  failedRuns: number;
  seen: number;
  new: number;
  updated: number;
}

/** GetFigures' reads: run totals per window and the refused-session periods of the last day. */
export class FiguresRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async totals(scope: string, hours: number): Promise<FacebookTotals> {
    const r = await this.db
      .selectFrom("runs")
      .select([
        sql<number>`count(*)::int`.as("runs"),
        sql<number>`(count(*) filter (where error <> ''))::int`.as("failedRuns"),
        sql<number>`coalesce(sum(fetched), 0)::int`.as("seen"),
        sql<number>`coalesce(sum(new), 0)::int`.as("new"),
        sql<number>`coalesce(sum(updated), 0)::int`.as("updated"),
      ])
      .where("scope", "=", scope)
      .where("started_at", ">=", sql<Date>`now() - make_interval(hours => ${hours})`)
      .executeTakeFirstOrThrow();
    return r;
  }

  async blocked(scope: string): Promise<Array<{ from: Date; to?: Date; reason: string }>> {
    const rows = await this.db
      .selectFrom("blocked_periods")
      .select(["started_at", "ended_at", "reason"])
      .where("scope", "=", scope)
      .where((eb) =>
        eb.or([eb("ended_at", "is", null), eb("ended_at", ">=", sql<Date>`now() - interval '1 day'`)]),
      )
      .orderBy("started_at")
      .execute();
    return rows.map((p) => ({ from: p.started_at, to: p.ended_at ?? undefined, reason: p.reason }));
  }
}
