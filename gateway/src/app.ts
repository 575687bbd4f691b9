import { fileURLToPath } from "node:url";
import * as zlib from "node:zlib";
import type { GatewayContext } from "@dirabot/platform";
import { AppError, persistentSecret } from "@dirabot/platform";
import Koa from "koa";
import compress from "koa-compress";
import { apiRouter, type Clients, clientsOf } from "./api-router.ts";
import { loadSession, type SessionCache } from "./auth/session.ts";
import { proxyOptions } from "./client-address.ts";
import { errorShape } from "./errors.ts";
import { type GatewayLimits, perCaller } from "./limits.ts";
import { drawnPages, type Seeds } from "./pages.ts";
import { actingUser } from "./routes/actor.ts";
import { botListJson } from "./routes/bots.ts";
import { isStatusCheck } from "./routes/status.ts";
import { meJson } from "./routes/users.ts";
import { securityHeaders } from "./security.ts";
import { inlineScriptSources, spa } from "./static.ts";

export const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/**
 * Paths the SPA fallback must never answer: the API, the websocket, the status images, and what
 * belongs to the internal listener only (probes, metrics, service calls `/<proto package>.X/Y`),
 * which here gets a plain 404.
 */
const RESERVED = /^\/((api|socket\.io|healthz|readyz|metrics|yad2|facebook)(\/|$)|(dirabot|grpc)\.)/;

interface AppOptions {
  webDist?: string;
  sessions: SessionCache;
  limits: GatewayLimits;
}

export function createApp(ctx: GatewayContext, opts: AppOptions): Koa {
  const app = newKoa(ctx);
  const clients = clientsOf(ctx);
  const api = apiRouter(ctx, { clients, sessions: opts.sessions, limits: opts.limits });
  const webDist = opts.webDist ?? WEB_DIST;
  answering(app, ctx, webDist);
  metering(app, opts);
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(
    drawnPages({
      webDist,
      sessions: opts.sessions,
      limits: opts.limits,
      log: ctx.log,
      seeds: seeds(clients),
    }),
  );
  app.use(spa(webDist, (p) => RESERVED.test(p)));
  app.use(async (k) => {
    throw new AppError(
      "not_found",
      k.path.startsWith("/api/") ? `No API route ${k.method} ${k.path}` : "Not found",
    );
  });
  return app;
}

function newKoa(ctx: GatewayContext): Koa {
  // X-Forwarded-For and -Proto are believed only as far as TRUST_PROXY says (client-address.ts).
  const app = new Koa(proxyOptions(ctx.settings.TRUST_PROXY));
  // Signs short-lived flow cookies (OAuth state); shared by replicas through JWT_SECRET.
  app.keys = [ctx.settings.JWT_SECRET ?? persistentSecret(ctx.settings.DATA_DIR, "jwt-secret")];
  // A client that goes away mid-download is routine, not an error worth a stack trace.
  app.silent = true;
  app.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "ERR_STREAM_PREMATURE_CLOSE" && err.code !== "ECONNRESET")
      ctx.log.warn({ err }, "response failed");
  });
  return app;
}

/** What every answer goes through: counted, compressed, errors in shape, security headers. */
function answering(app: Koa, ctx: GatewayContext, webDist: string): void {
  app.use(async (k, next) => {
    await next();
    ctx.metrics.httpRequests.inc({ method: k.method, status: String(k.status) });
  });
  // API answers (JSON lists run to hundreds of KB) compressed per request at a cheap level; the
  // SPA's files come precompressed from the build and carry their Content-Encoding already.
  app.use(
    compress({
      threshold: 1024,
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      deflate: false,
    }),
  );
  app.use(errorShape(ctx.log));
  app.use(securityHeaders(ctx.settings.publicUrl, inlineScriptSources(webDist)));
}

/** The session first: a signed-in call spends its account's budget, an anonymous one its address's. */
function metering(app: Koa, { sessions, limits }: AppOptions): void {
  const session = loadSession(sessions);
  const byCaller = perCaller(limits);
  // The checks' GET images are for admins (an <img> sends the session cookie); HEAD is public, its
  // reason whole for admins only. The checks spend the caller's budget as /api calls do.
  const metered = (k: Koa.Context) => k.path.startsWith("/api/") || isStatusCheck(k.path);
  app.use(async (k, next) => (metered(k) ? session(k, next) : next()));
  app.use(async (k, next) => (metered(k) ? byCaller(k, next) : next()));
}

/** The screens drawn ahead, with the answers their first calls would bring. */
function seeds({ identity, telegram, bots }: Clients): Seeds {
  return {
    // My Bots: the user as /api/users/me answers, and the list as /api/requests does.
    "/bots": async (k) => {
      const me = actingUser(k);
      const [{ user }, list] = await Promise.all([
        meJson({ identity, telegram }, me.user.id),
        botListJson({ bots, identity }, me),
      ]);
      // The session a cache holds may not know of a ban yet (its end reaches the cache as an
      // event); the profile just read does: a banned visitor is drawn nothing.
      return user && !user.isBanned ? { user, bots: list } : null;
    },
  };
}
