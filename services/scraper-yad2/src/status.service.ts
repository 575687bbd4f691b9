import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@dirabot/platform";
import type { SourceStatusSchema } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import type { Leases } from "@dirabot/scraping";
import type { FiguresRepo } from "./runs/figures.repo.ts";
import type { SourcesRepo } from "./runs/sources.repo.ts";

export type SourceStatus = MessageInitShape<typeof SourceStatusSchema>;

const ts = (d: Date | null | undefined) => (d ? timestampFromDate(d) : undefined);
const later = (a: Date | undefined, b: Date | null | undefined) => (b && (!a || b > a) ? b : a);

/**
 * What /api/status and the service checks show, read from the shared tables so every replica
 * answers the same. A source that never ran is offline with "not run yet".
 */
export class StatusService {
  readonly #sources: SourcesRepo;
  readonly #leases: Leases;
  readonly #figures: FiguresRepo;
  readonly #intervals: Record<string, number>;
  readonly #mode: "http" | "browser";
  readonly #ns: string;

  constructor(opts: {
    sources: SourcesRepo;
    leases: Leases;
    figures: FiguresRepo;
    /** The prefix of this deployment's rows (see the module's `namespace` option). */
    namespace: string;
    intervalsMs: Record<string, number>;
    mode: "http" | "browser";
  }) {
    this.#sources = opts.sources;
    this.#leases = opts.leases;
    this.#figures = opts.figures;
    this.#intervals = opts.intervalsMs;
    this.#mode = opts.mode;
    this.#ns = opts.namespace;
  }

  get names(): string[] {
    return Object.keys(this.#intervals);
  }

  async all(): Promise<SourceStatus[]> {
    return Promise.all(this.names.map((name) => this.one(name)));
  }

  async one(name: string): Promise<SourceStatus> {
    const key = this.#ns + name;
    const [row, next] = await Promise.all([this.#sources.get(key), this.#leases.nextRun(key)]);
    const base = {
      name,
      intervalSeconds: Math.round((this.#intervals[name] ?? 0) / 1000),
      mode: this.#mode,
      nextRunAt: ts(later(next, row?.paused_until)),
    };
    if (!row?.last_run_at) return { ...base, state: "offline", lastError: "not run yet" };
    return {
      ...base,
      state: row.state,
      lastError: row.last_error,
      lastRunAt: ts(row.last_run_at),
      lastSuccessAt: ts(row.last_success_at),
      itemsLastRun: row.items_last_run,
      fetched: row.fetched,
      new: row.new,
      updated: row.updated,
      failed: row.failed,
      removed: row.removed,
      durationMs: row.duration_ms,
      hasPreview: this.#mode === "browser" && row.has_preview,
    };
  }

  /** GetFigures: each source's hour and day totals and its blocked periods of the last day. */
  async figures() {
    return Promise.all(
      this.names.map(async (name) => {
        const key = this.#ns + name;
        const [totals, blocked] = await Promise.all([this.#figures.totals(key), this.#figures.blocked(key)]);
        return {
          name,
          ...totals,
          blocked: blocked.map((p) => ({ from: ts(p.from), to: ts(p.to), reason: p.reason })),
        };
      }),
    );
  }

  async preview(name: string) {
    const p = this.names.includes(name) ? await this.#sources.preview(this.#ns + name) : undefined;
    if (!p) throw new AppError("not_found", `no preview of ${name || "(no name)"}`);
    return { image: p.image, contentType: "image/png", takenAt: timestampFromDate(p.takenAt) };
  }
}
