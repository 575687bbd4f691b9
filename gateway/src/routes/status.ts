import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import type { ScrapingService, SourceStatus } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import type Router from "@koa/router";
import type { Context } from "koa";
import type { ApiDoc } from "../openapi.ts";
import { statusCardSvg } from "../status-card.ts";

type Scraper = "scraper-yad2" | "scraper-facebook";
export type Scrapers = Record<Scraper, Client<typeof ScrapingService>>;

/** The sources CONTRACT.md names, which scraper reports each, and the spec's check paths. */
const SOURCES = [
  { name: "yad2-scraper", scraper: "scraper-yad2", path: "/yad2/scraper/status", title: "Yad2 scraper" },
  { name: "yad2-cleaner", scraper: "scraper-yad2", path: "/yad2/cleaner/status", title: "Yad2 cleaner" },
  {
    name: "facebook-scraper",
    scraper: "scraper-facebook",
    path: "/facebook/status",
    title: "Facebook scraper",
  },
] as const;
type Source = (typeof SOURCES)[number];

/** One source as the gateway sees it: its scraper's report, or why there is none. */
type Seen = { report: SourceStatus } | { report?: undefined; error: string };

const STATUS_TIMEOUT_MS = 2000;
const PREVIEW_TIMEOUT_MS = 5000;
const IMAGE_TYPES = /^image\/(png|jpeg|webp)$/;
/** The check images are opened on their own too: nothing in them may run or load. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const date = (t: Timestamp | undefined) => (t ? timestampDate(t) : null);

/** Asks both scrapers at once, briefly: a scraper that does not answer is reported, not waited for. */
async function survey(
  scrapers: Scrapers,
  which: Scraper[] = ["scraper-yad2", "scraper-facebook"],
): Promise<Map<string, Seen>> {
  const asked = await Promise.all(
    which.map(async (s) => {
      try {
        return { s, sources: (await scrapers[s].getStatus({}, { timeoutMs: STATUS_TIMEOUT_MS })).sources };
      } catch {
        return { s, sources: undefined };
      }
    }),
  );
  const seen = new Map<string, Seen>();
  for (const src of SOURCES.filter((x) => which.includes(x.scraper))) {
    const answer = asked.find((a) => a.s === src.scraper)?.sources;
    const report = answer?.find((r) => r.name === src.name);
    seen.set(
      src.name,
      report ? { report } : { error: answer ? "not reported by the service" : "service unreachable" },
    );
  }
  return seen;
}

/** Serving means: online, and the last success is within three poll intervals. Else why not. */
export function verdict(seen: Seen, now: number): string | null {
  if (!seen.report) return seen.error;
  const r = seen.report;
  if (r.state !== "online") return r.lastError || r.state || "offline";
  const success = date(r.lastSuccessAt);
  if (!success) return "no successful run yet";
  if (r.intervalSeconds > 0 && success.getTime() < now - 3 * r.intervalSeconds * 1000)
    return `no successful run since ${success.toISOString()}`;
  return null;
}

/** Header values are ASCII on the wire: other characters percent-encoded (no CR/LF), kept short. */
export function headerSafe(s: string): string {
  const encode = (c: string) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return "?"; // a lone surrogate
    }
  };
  return s.replace(/[^\x20-\x7e]/gu, encode).slice(0, 300);
}

function card(k: Context, src: Source, seen: Seen, reason: string | null): void {
  const r = seen.report;
  k.type = "image/svg+xml";
  k.body = statusCardSvg({
    title: src.title,
    state: r ? (reason && r.state === "online" ? "offline" : r.state) : "offline",
    reason: reason ?? undefined,
    lastRunAt: date(r?.lastRunAt),
    lastSuccessAt: date(r?.lastSuccessAt),
    mode: r?.mode,
    figures: r && {
      fetched: r.fetched,
      new: r.new,
      updated: r.updated,
      failed: r.failed,
      durationMs: r.durationMs,
    },
  });
}

/**
 * GET /api/status (the dashboard's JSON) and the spec's service checks (GET|HEAD, not under /api,
 * polled with ?t= which is ignored): 200 with the last screenshot or an SVG card while serving,
 * 503 with the reason in x-status-reason otherwise. Koa drops the body of a HEAD answer.
 */
export function statusRoutes(router: Router, scrapers: Scrapers, doc: ApiDoc): void {
  doc.add("get", "/api/status", "The scrapers' states and last runs", {
    200: "[{name, state, lastRunAt, lastSuccessAt, lastError, itemsLastRun, nextRunAt}]",
  });
  router.get("/api/status", async (k) => {
    const seen = await survey(scrapers);
    k.set("Cache-Control", "no-store");
    k.body = SOURCES.map(({ name }) => {
      const s = seen.get(name) as Seen;
      const r = s.report;
      return {
        name,
        state: r?.state || "offline",
        lastRunAt: date(r?.lastRunAt)?.toISOString() ?? null,
        lastSuccessAt: date(r?.lastSuccessAt)?.toISOString() ?? null,
        lastError: r ? r.lastError || null : s.error,
        itemsLastRun: r?.itemsLastRun ?? 0,
        nextRunAt: date(r?.nextRunAt)?.toISOString() ?? null,
      };
    });
  });

  for (const src of SOURCES) {
    for (const method of ["get", "head"])
      doc.add(method, src.path, `${src.title} check (?t= ignored): an image while serving`, {
        200: "PNG screenshot or SVG card",
        503: "Offline or disabled; the reason in x-status-reason",
      });
    router.get(src.path, async (k) => {
      const seen = (await survey(scrapers, [src.scraper])).get(src.name) as Seen;
      const reason = verdict(seen, Date.now());
      k.set("Cache-Control", "no-store");
      k.set("Content-Security-Policy", IMAGE_CSP);
      if (reason !== null) {
        k.status = 503;
        k.set("x-status-reason", headerSafe(reason));
        return card(k, src, seen, reason);
      }
      k.status = 200;
      if (seen.report?.hasPreview) {
        const shot = await scrapers[src.scraper]
          .getPreview({ name: src.name }, { timeoutMs: PREVIEW_TIMEOUT_MS })
          .catch(() => undefined);
        if (shot && shot.image.length > 0 && IMAGE_TYPES.test(shot.contentType)) {
          k.type = shot.contentType;
          k.body = Buffer.from(shot.image);
          return;
        }
      }
      card(k, src, seen, null);
    });
  }
}
