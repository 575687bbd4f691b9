import { type RawBuilder, sql } from "kysely";
import type { Db, Trx } from "./db.ts";

/** One window's figures of one source; `hour` is set for the hourly rows. */
export interface FreshnessRow {
  source: string;
  span: "hour" | "day" | "hourly";
  hour: Date | null;
  count: number;
  median: number | null;
  p95: number | null;
}

// Seconds from publication to delivery; a source clock ahead of ours counts as no delay at all.
const DELAY = sql`extract(epoch from greatest(delivered_at - posted_at, interval '0'))::float8`;

/** The only SQL about freshness: the first delivery of each listing group, and its figures. */
export class FreshnessRepo {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** In the transaction that wrote a group's asset message: only the group's first one counts. */
  async recordFirst(
    trx: Trx,
    d: { canonicalId: string; source: string; postedAt: Date; live: boolean },
  ): Promise<void> {
    await trx
      .insertInto("first_deliveries")
      .values({ canonical_id: d.canonicalId, source: d.source, posted_at: d.postedAt, live: d.live })
      .onConflict((oc) => oc.column("canonical_id").doNothing())
      .execute();
  }

  /**
   * Count, median and p95 of the live deliveries per source over the last hour, the last day
   * and each of the last 24 clock hours (the current one included).
   */
  async figures(): Promise<FreshnessRow[]> {
    const since = (from: RawBuilder<Date>, hourly: boolean): Promise<Omit<FreshnessRow, "span">[]> =>
      this.#db
        .selectFrom("first_deliveries")
        .select([
          "source",
          sql<Date | null>`${hourly ? sql`date_trunc('hour', delivered_at)` : sql`null::timestamptz`}`.as(
            "hour",
          ),
          sql<number>`count(*)::int`.as("count"),
          sql<number | null>`percentile_cont(0.5) within group (order by ${DELAY})`.as("median"),
          sql<number | null>`percentile_cont(0.95) within group (order by ${DELAY})`.as("p95"),
        ])
        .where("live", "=", true)
        .where("delivered_at", ">=", from)
        .groupBy(hourly ? ["source", sql`date_trunc('hour', delivered_at)`] : ["source"])
        .execute();
    const [hour, day, hourly] = await Promise.all([
      since(sql<Date>`now() - interval '1 hour'`, false),
      since(sql<Date>`now() - interval '1 day'`, false),
      since(sql<Date>`date_trunc('hour', now()) - interval '23 hours'`, true),
    ]);
    return [
      ...hour.map((r) => ({ ...r, span: "hour" as const })),
      ...day.map((r) => ({ ...r, span: "day" as const })),
      ...hourly.map((r) => ({ ...r, span: "hourly" as const })),
    ];
  }

  /** Keeps a month: the figures look back a day. */
  async prune(): Promise<void> {
    await this.#db
      .deleteFrom("first_deliveries")
      .where("delivered_at", "<", sql<Date>`now() - interval '30 days'`)
      .execute();
  }
}
