import { type Selectable, sql } from "kysely";
import type { Sources } from "../db.generated.ts";
import type { Db } from "../db.ts";

export interface Figures {
  fetched: number;
  new: number;
  updated: number;
  failed: number;
  /** Listings found gone (the cleaner). */
  removed: number;
  /** Requests sent to Yad2. */
  requests: number;
  /** Areas whose first map query hit the 200-marker cap, so they were split. */
  cap_splits: number;
  /** Map queries still at the cap after every split (listings may be missing there). */
  capped: number;
}
export const noFigures = (): Figures => ({
  fetched: 0,
  new: 0,
  updated: 0,
  failed: 0,
  removed: 0,
  requests: 0,
  cap_splits: 0,
  capped: 0,
});

/** A source's status as the status screen reads it: the preview only as whether there is one. */
export type SourceRow = Omit<Selectable<Sources>, "preview" | "preview_at"> & { has_preview: boolean };

export interface RunRecord {
  source: string;
  owner: string;
  startedAt: Date;
  durationMs: number;
  units: string[];
  figures: Figures;
  /** Undefined when the run succeeded. */
  error?: string;
  /** Blocked: no request until then (every replica honours it). */
  pausedUntil?: Date;
  /** The run ended on a block (captcha, bot manager): a blocked period opens if none is. */
  blocked?: boolean;
}

/** The status of each source and the history of its runs: the only SQL about them. */
export class SourcesRepo {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async get(name: string): Promise<SourceRow | undefined> {
    return this.db
      .selectFrom("sources")
      .select([
        "name",
        "state",
        "last_error",
        "last_run_at",
        "last_success_at",
        "fetched",
        "new",
        "updated",
        "failed",
        "removed",
        "duration_ms",
        "items_last_run",
        "failures",
        "paused_until",
        sql<boolean>`preview is not null`.as("has_preview"),
      ])
      .where("name", "=", name)
      .executeTakeFirst();
  }

  /** The outcome of a run: its figures, the source's state, and one more line of history. */
  async record(r: RunRecord): Promise<void> {
    const f = r.figures;
    const ok = r.error === undefined;
    const figures = {
      fetched: f.fetched,
      new: f.new,
      updated: f.updated,
      failed: f.failed,
      removed: f.removed,
      duration_ms: r.durationMs,
      items_last_run: f.fetched,
    };
    const status = {
      state: ok ? "online" : "offline",
      last_error: r.error ?? "",
      last_run_at: sql<Date>`now()`,
      paused_until: r.pausedUntil ?? null,
    };
    await this.db
      .insertInto("sources")
      .values({
        name: r.source,
        ...figures,
        ...status,
        last_success_at: ok ? sql<Date>`now()` : null,
        failures: ok ? 0 : 1,
      })
      .onConflict((oc) =>
        oc.column("name").doUpdateSet({
          ...figures,
          ...status,
          last_success_at: ok ? sql<Date>`now()` : sql<Date>`sources.last_success_at`,
          failures: ok ? 0 : sql<number>`sources.failures + 1`,
        }),
      )
      .execute();
    await this.db
      .insertInto("runs")
      .values({
        source: r.source,
        owner: r.owner,
        started_at: r.startedAt,
        duration_ms: r.durationMs,
        ok,
        error: r.error ?? "",
        units: r.units.join(","),
        ...f,
      })
      .execute();
    await this.#blockedPeriod(r.source, ok, r.blocked ? (r.error ?? "blocked") : undefined);
    // The figures look back a day: two days of history (at most 5,000 runs a source, for very
    // short intervals) is enough, and the table never grows without bound.
    await this.db
      .deleteFrom("runs")
      .where("source", "=", r.source)
      .where((eb) =>
        eb.or([
          eb("started_at", "<", sql<Date>`now() - interval '2 days'`),
          eb("id", "<", (q) =>
            q
              .selectFrom("runs")
              .select(sql<number>`coalesce(max(id), 0) - 5000`.as("floor"))
              .where("source", "=", r.source),
          ),
        ]),
      )
      .execute();
  }

  /** A block opens a period (one at a time per source); a successful run ends the open one. */
  async #blockedPeriod(source: string, ok: boolean, blockedBy: string | undefined): Promise<void> {
    if (blockedBy !== undefined)
      await this.db
        .insertInto("blocked_periods")
        .values({ source, reason: blockedBy.slice(0, 300), ended_at: null })
        .onConflict((oc) => oc.column("source").where("ended_at", "is", null).doNothing())
        .execute();
    else if (ok) {
      await this.db
        .updateTable("blocked_periods")
        .set({ ended_at: sql<Date>`now()` })
        .where("source", "=", source)
        .where("ended_at", "is", null)
        .execute();
      await this.db
        .deleteFrom("blocked_periods")
        .where("source", "=", source)
        .where("ended_at", "<", sql<Date>`now() - interval '30 days'`)
        .execute();
    }
  }

  async savePreview(name: string, png: Uint8Array): Promise<void> {
    await this.db
      .insertInto("sources")
      .values({ name, preview: png, preview_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column("name").doUpdateSet({ preview: png, preview_at: sql<Date>`now()` }))
      .execute();
  }

  async preview(name: string): Promise<{ image: Uint8Array; takenAt: Date } | undefined> {
    const r = await this.db
      .selectFrom("sources")
      .select(["preview", "preview_at"])
      .where("name", "=", name)
      .executeTakeFirst();
    return r?.preview && r.preview_at
      ? { image: new Uint8Array(r.preview), takenAt: r.preview_at }
      : undefined;
  }
}
