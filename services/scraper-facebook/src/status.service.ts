import * as fs from "node:fs/promises";
import { AppError } from "@dirabot/platform";
import type { FiguresRepo } from "./figures.repo.ts";
import { SOURCE } from "./scraper.service.ts";
import type { StateRepo } from "./state.repo.ts";

export interface SourceStatusView {
  name: string;
  state: "online" | "offline" | "disabled";
  lastError: string;
  lastRunAt?: Date;
  lastSuccessAt?: Date;
  nextRunAt?: Date;
  itemsLastRun: number;
  fetched: number;
  new: number;
  updated: number;
  failed: number;
  durationMs: number;
  intervalSeconds: number;
  mode: "browser";
  hasPreview: boolean;
}

/** The facebook-scraper's status as GetStatus tells it, from the state every replica shares. */
export class StatusService {
  #repo: StateRepo;
  #figures: FiguresRepo;
  #scope: string;
  #previewPath: string;
  #intervalSeconds: number;
  #disabled: () => string | undefined;

  constructor(opts: {
    repo: StateRepo;
    figures: FiguresRepo;
    scope: string;
    previewPath: string;
    intervalSeconds: number;
    disabledReason: () => string | undefined;
  }) {
    this.#repo = opts.repo;
    this.#figures = opts.figures;
    this.#scope = opts.scope;
    this.#previewPath = opts.previewPath;
    this.#intervalSeconds = opts.intervalSeconds;
    this.#disabled = opts.disabledReason;
  }

  async status(): Promise<SourceStatusView> {
    const hasPreview = await fs.stat(this.#previewPath).then(
      () => true,
      () => false,
    );
    const base = {
      name: SOURCE,
      mode: "browser" as const,
      intervalSeconds: this.#intervalSeconds,
      hasPreview,
      itemsLastRun: 0,
      fetched: 0,
      new: 0,
      updated: 0,
      failed: 0,
      durationMs: 0,
    };
    const disabled = this.#disabled();
    if (disabled) return { ...base, state: "disabled", lastError: disabled };
    const row = await this.#repo.state(this.#scope);
    if (!row) return { ...base, state: "offline", lastError: "not run yet" };
    return {
      ...base,
      state: row.state === "online" ? "online" : "offline",
      lastError: row.last_error,
      lastRunAt: row.last_run_at ?? undefined,
      lastSuccessAt: row.last_success_at ?? undefined,
      nextRunAt: row.next_run_at ?? undefined,
      itemsLastRun: row.fetched,
      fetched: row.fetched,
      new: row.new,
      updated: row.updated,
      failed: row.failed,
      durationMs: row.duration_ms,
    };
  }

  /** GetFigures: the last hour's and day's runs of this configuration, and its blocked periods. */
  async figures() {
    const [lastHour, lastDay, blocked] = await Promise.all([
      this.#figures.totals(this.#scope, 1),
      this.#figures.totals(this.#scope, 24),
      this.#figures.blocked(this.#scope),
    ]);
    return { name: SOURCE, lastHour, lastDay, blocked };
  }

  /** The last page the browser saw (PNG); NOT_FOUND before the first. */
  async preview(name: string): Promise<{ image: Uint8Array; takenAt: Date }> {
    if (name && name !== SOURCE) throw new AppError("not_found", `No source named ${name}`);
    try {
      const [image, stat] = await Promise.all([fs.readFile(this.#previewPath), fs.stat(this.#previewPath)]);
      return { image: new Uint8Array(image), takenAt: stat.mtime };
    } catch {
      throw new AppError("not_found", "No screenshot yet");
    }
  }
}
