import type { Client } from "@connectrpc/connect";
import { adminRoutes as contract, type SourceStatus, statusCheckRoutes } from "@dirabot/api";
import type { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { User } from "@dirabot/proto/identity/v1/identity_pb.js";
import { dateOf as date, SCRAPED_SOURCES, type Scrapers, type Seen, survey, verdict } from "@dirabot/sources";
import type Router from "@koa/router";
import type { Context, Next } from "koa";
import { requireAdmin } from "../auth/session.ts";
import type { ApiDoc } from "../openapi.ts";
import { statusCardSvg } from "../status-card.ts";
import { callAs } from "./actor.ts";
import { askFreshness, figuresJson, sourceFreshness } from "./status-figures.ts";
import { heldSurvey } from "./status-survey.ts";

export type { Scrapers } from "@dirabot/sources";

/** The scraped sources' public check paths (a status image each, as the monitors read them). */
const CHECK_PATHS: Record<string, string> = {
  "yad2-scraper": "/yad2/scraper/status",
  "yad2-cleaner": "/yad2/cleaner/status",
  "facebook-scraper": "/facebook/status",
};
export const isStatusCheck = (path: string) => Object.values(CHECK_PATHS).includes(path);
const SOURCES = SCRAPED_SOURCES.map((s) => ({ ...s, path: CHECK_PATHS[s.name] as string }));
type Source = (typeof SOURCES)[number];

const PREVIEW_TIMEOUT_MS = 5000;
const IMAGE_TYPES = /^image\/(png|jpeg|webp)$/;
/** The check images are opened on their own too: nothing in them may run or load. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * The check's HEAD answer (status code and x-status-reason) is public, for uptime probes; what
 * the GET shows (the last page Yad2 or Facebook showed, the run's figures) is for admins.
 */
const adminUnlessHead = (k: Context, next: Next) => (k.method === "HEAD" ? next() : requireAdmin(k, next));

/**
 * The x-status-reason anyone may read: the state only. Why a source is down ("fetch failed:
 * ENOTFOUND", a setting's name) tells a stranger about our insides; admins get it whole.
 */
function reasonFor(k: Context, seen: Seen, reason: string): string {
  const user = k.state.user as User | null;
  if (user && !user.isBanned && user.roles.includes("admin")) return headerSafe(reason);
  return seen.report?.state === "disabled" ? "disabled" : "offline";
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
      removed: r.removed,
      durationMs: r.durationMs,
    },
  });
}

/**
 * GET /api/status (the dashboard's JSON, with freshness) and /api/status/figures (the operator's
 * figures), both for admins; the scraped sources' checks (GET|HEAD, not under /api, polled with ?t=
 * which is ignored): 200 with the last screenshot or an SVG card while serving, 503 with the
 * reason in x-status-reason otherwise. Koa drops the body of a HEAD answer.
 */
export function statusRoutes(
  router: Router,
  deps: { scrapers: Scrapers; chat: Client<typeof ChatService> },
  doc: ApiDoc,
): void {
  const { scrapers, chat } = deps;
  const checked = heldSurvey(scrapers);
  doc.add(contract.status);
  router.get("/api/status", requireAdmin, async (k) => {
    const [seen, measured] = await Promise.all([survey(scrapers), askFreshness(chat, callAs(k))]);
    k.set("Cache-Control", "no-store");
    k.body = SOURCES.map(({ name }): SourceStatus => {
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
        freshness: sourceFreshness(name, measured).json,
      };
    });
  });

  doc.add(contract.figures);
  router.get("/api/status/figures", requireAdmin, async (k) => {
    k.set("Cache-Control", "no-store");
    k.body = await figuresJson(scrapers, await askFreshness(chat, callAs(k)));
  });

  for (const src of SOURCES) {
    doc.add(...statusCheckRoutes(src.path, src.title));
    router.get(src.path, adminUnlessHead, async (k) => {
      const seen = (await checked(src.scraper)).get(src.name) as Seen;
      const reason = verdict(seen, Date.now());
      k.set("Cache-Control", "no-store");
      k.set("Content-Security-Policy", IMAGE_CSP);
      if (reason !== null) {
        k.status = 503;
        k.set("x-status-reason", reasonFor(k, seen, reason));
        return card(k, src, seen, reason);
      }
      k.status = 200;
      if (seen.report?.hasPreview) {
        const shot = await scrapers[src.scraper]
          ?.getPreview({ name: src.name }, { timeoutMs: PREVIEW_TIMEOUT_MS })
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
