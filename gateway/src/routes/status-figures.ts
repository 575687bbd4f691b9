import type { Timestamp } from "@bufbuild/protobuf/wkt";
import type { CallOptions, Client } from "@connectrpc/connect";
import type { Freshness, StatusFigures } from "@dirabot/api";
import type { ChatService, FreshnessFigures, GetFreshnessResponse } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { RunTotals, SourceFigures } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { dateOf, SCRAPED_SOURCES, type Scrapers } from "@dirabot/sources";

const FIGURES_TIMEOUT_MS = 3000;
const iso = (t: Timestamp | undefined) => dateOf(t)?.toISOString() ?? null;

export const freshnessJson = (f: FreshnessFigures | undefined): Freshness => ({
  count: f?.count ?? 0,
  medianSeconds: f?.medianSeconds ?? null,
  p95Seconds: f?.p95Seconds ?? null,
});

/** The chat service's measurements for the admin behind the call; undefined when it is away. */
export async function askFreshness(
  chat: Client<typeof ChatService>,
  call: CallOptions,
): Promise<GetFreshnessResponse | undefined> {
  return chat.getFreshness({}, { ...call, timeoutMs: FIGURES_TIMEOUT_MS }).catch(() => undefined);
}

/** A scraped source's freshness: that of the listings it brings (the cleaner brings none). */
export function sourceFreshness(name: string, measured: GetFreshnessResponse | undefined) {
  const listings = SCRAPED_SOURCES.find((s) => s.name === name)?.listings;
  const f = listings ? measured?.sources.find((s) => s.source === listings) : undefined;
  return { f, json: { lastHour: freshnessJson(f?.lastHour), lastDay: freshnessJson(f?.lastDay) } };
}

const totals = (t: RunTotals | undefined) => ({
  runs: t?.runs ?? 0,
  failedRuns: t?.failedRuns ?? 0,
  seen: t?.seen ?? 0,
  new: t?.new ?? 0,
  updated: t?.updated ?? 0,
  removed: t?.removed ?? 0,
  capSplits: t?.capSplits ?? 0,
  capped: t?.capped ?? 0,
});

/** GET /api/status/figures: every source's run totals, blocked timeline and freshness series. */
export async function figuresJson(
  scrapers: Scrapers,
  measured: GetFreshnessResponse | undefined,
): Promise<StatusFigures> {
  const asked = await Promise.all(
    (["scraper-yad2", "scraper-facebook"] as const).map(async (s) => ({
      s,
      sources: await scrapers[s]
        ?.getFigures({}, { timeoutMs: FIGURES_TIMEOUT_MS })
        .then((r) => r.sources)
        .catch(() => undefined),
    })),
  );
  return {
    measuredAt: iso(measured?.measuredAt) ?? new Date().toISOString(),
    sources: SCRAPED_SOURCES.map((src) => {
      const answer = asked.find((a) => a.s === src.scraper)?.sources;
      const r: SourceFigures | undefined = answer?.find((x) => x.name === src.name);
      const { f, json } = sourceFreshness(src.name, measured);
      return {
        name: src.name,
        title: src.title,
        error: r ? null : answer ? "not reported by the service" : "service unreachable",
        lastHour: totals(r?.lastHour),
        lastDay: totals(r?.lastDay),
        // The scrapers always stamp a period's start and an hour; "" would break the contract loudly.
        blocked: (r?.blocked ?? []).map((p) => ({
          from: iso(p.from) ?? "",
          to: iso(p.to),
          reason: p.reason,
        })),
        freshness: {
          ...json,
          // Which listings the figures are of (null: none, the cleaner brings no listings).
          listings: src.listings ?? null,
          available: measured !== undefined,
          hourly: (f?.hourly ?? []).map((h) => ({ hour: iso(h.hour) ?? "", ...freshnessJson(h.figures) })),
        },
      };
    }),
  };
}
