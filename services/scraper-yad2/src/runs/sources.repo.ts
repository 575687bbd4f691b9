import type { AnyDb } from "@dirabot/platform/db/types.ts";
import { type Generated, type Kysely, sql } from "kysely";

export interface Figures {
  fetched: number;
  new: number;
  updated: number;
  failed: number;
  /** Requests sent to Yad2. */
  requests: number;
  /** Map queries still at the cap after every split (listings may be missing there). */
  capped: number;
}
export const noFigures = (): Figures => ({
  fetched: 0,
  new: 0,
  updated: 0,
  failed: 0,
  requests: 0,
  capped: 0,
});

export interface SourceRow {
  name: string;
  state: string;
  last_error: string;
  last_run_at: Date | null;
  last_success_at: Date | null;
  fetched: number;
  new: number;
  updated: number;
  failed: number;
  duration_ms: number;
  items_last_run: number;
  failures: number;
  paused_until: Date | null;
  has_preview: boolean;
}

interface SourcesDb {
  sources: Omit<SourceRow, "has_preview"> & { preview: Uint8Array | null; preview_at: Date | null };
  runs: Omit<Figures, never> & {
    id: Generated<number>;
    source: string;
    owner: string;
    started_at: Date;
    duration_ms: number;
    ok: boolean;
    error: string;
    units: string;
  };
}

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
}

/** The status of each source and the history of its runs: the only SQL about them. */
export class SourcesRepo {
  readonly db: Kysely<SourcesDb>;
  constructor(db: AnyDb) {
    this.db = db as Kysely<SourcesDb>;
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
    // A short history is enough to see a trend; the table never grows without bound.
    await this.db
      .deleteFrom("runs")
      .where("source", "=", r.source)
      .where("id", "<", (eb) =>
        eb
          .selectFrom("runs")
          .select(sql<number>`coalesce(max(id), 0) - 500`.as("floor"))
          .where("source", "=", r.source),
      )
      .execute();
  }

  async savePreview(name: string, png: Uint8Array): Promise<void> {
    await this.db
      .insertInto("sources")
      .values({ name, preview: png, preview_at: sql<Date>`now()` } as never)
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
