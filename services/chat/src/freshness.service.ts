import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Actor, AppError } from "@dirabot/platform";
import type { GetFreshnessResponseSchema } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { FreshnessRepo, FreshnessRow } from "./freshness.repo.ts";

type Answer = MessageInitShape<typeof GetFreshnessResponseSchema>;

/** The listing sources freshness is told for, always all of them (a quiet one has count 0). */
export const LISTING_SOURCES = ["yad2", "facebook"] as const;
const HOUR_MS = 3_600_000;

const figures = (r: FreshnessRow | undefined) =>
  r && r.count > 0
    ? { count: r.count, medianSeconds: round(r.median), p95Seconds: round(r.p95) }
    : { count: 0 };
const round = (v: number | null) => (v === null ? undefined : Math.round(v * 10) / 10);

/** GetFreshness (admins): the repo's rows as one answer, with the 24 hours filled in. */
export class FreshnessService {
  readonly #repo: FreshnessRepo;
  readonly #now: () => Date;
  constructor(repo: FreshnessRepo, now: () => Date = () => new Date()) {
    this.#repo = repo;
    this.#now = now;
  }

  async get(actor: Actor): Promise<Answer> {
    if (!actor.admin) throw new AppError("permission_denied", "Admin access required");
    const rows = await this.#repo.figures();
    const now = this.#now();
    const thisHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const sources = LISTING_SOURCES.map((source) => {
      const of = rows.filter((r) => r.source === source);
      const hourly = Array.from({ length: 24 }, (_, i) => {
        const start = thisHour - (23 - i) * HOUR_MS;
        const row = of.find((r) => r.span === "hourly" && r.hour?.getTime() === start);
        return { hour: timestampFromDate(new Date(start)), figures: figures(row) };
      });
      return {
        source,
        lastHour: figures(of.find((r) => r.span === "hour")),
        lastDay: figures(of.find((r) => r.span === "day")),
        hourly,
      };
    });
    this.#repo.prune().catch(() => undefined); // housekeeping, never in the way of the answer
    return { sources, measuredAt: timestampFromDate(now) };
  }
}
