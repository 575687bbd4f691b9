import type { MessageInitShape } from "@bufbuild/protobuf";
import type { RunTotalsSchema } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { sql } from "kysely";
import type { Db } from "../db.ts";

/** Sums over the runs that started in a window (GetFigures' RunTotals). */
export type RunTotals = MessageInitShape<typeof RunTotalsSchema>;

export interface BlockedPeriod {
  from: Date;
  /** Undefined while still blocked. */
  to?: Date;
  reason: string;
}

const sum = (column: string, window: string) =>
  sql<number>`coalesce(sum(${sql.ref(column)}) filter (where started_at >= now() - ${sql.raw(`interval '${window}'`)}), 0)::int`;
const count = (window: string, extra = sql`true`) =>
  sql<number>`(count(*) filter (where started_at >= now() - ${sql.raw(`interval '${window}'`)} and ${extra}))::int`;

/** The operator's figures read from the runs every replica records: the only SQL about them. */
export class FiguresRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The last hour's and the last day's totals of one source, in one pass over a day of runs. */
  async totals(source: string): Promise<{ lastHour: RunTotals; lastDay: RunTotals }> {
    const windows = { lastHour: "1 hour", lastDay: "1 day" } as const;
    const row = await this.db
      .selectFrom("runs")
      .select(
        Object.entries(windows).flatMap(([name, w]) => [
          count(w).as(`${name}_runs`),
          count(w, sql`not ok`).as(`${name}_failed_runs`),
          sum("fetched", w).as(`${name}_seen`),
          sum("new", w).as(`${name}_new`),
          sum("updated", w).as(`${name}_updated`),
          sum("removed", w).as(`${name}_removed`),
          sum("cap_splits", w).as(`${name}_cap_splits`),
          sum("capped", w).as(`${name}_capped`),
        ]),
      )
      .where("source", "=", source)
      .where("started_at", ">=", sql<Date>`now() - interval '1 day'`)
      .executeTakeFirstOrThrow();
    const r = row as Record<string, number>;
    const of = (name: string): RunTotals => ({
      runs: r[`${name}_runs`] ?? 0,
      failedRuns: r[`${name}_failed_runs`] ?? 0,
      seen: r[`${name}_seen`] ?? 0,
      new: r[`${name}_new`] ?? 0,
      updated: r[`${name}_updated`] ?? 0,
      removed: r[`${name}_removed`] ?? 0,
      capSplits: r[`${name}_cap_splits`] ?? 0,
      capped: r[`${name}_capped`] ?? 0,
    });
    return { lastHour: of("lastHour"), lastDay: of("lastDay") };
  }

  /** The blocked periods that overlap the last day, oldest first (an open one last). */
  async blocked(source: string): Promise<BlockedPeriod[]> {
    const rows = await this.db
      .selectFrom("blocked_periods")
      .select(["started_at", "ended_at", "reason"])
      .where("source", "=", source)
      .where((eb) =>
        eb.or([eb("ended_at", "is", null), eb("ended_at", ">=", sql<Date>`now() - interval '1 day'`)]),
      )
      .orderBy("started_at")
      .execute();
    return rows.map((p) => ({ from: p.started_at, to: p.ended_at ?? undefined, reason: p.reason }));
  }
}
