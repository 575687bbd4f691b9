import { fileURLToPath } from "node:url";
import * as zlib from "node:zlib";
import { adminRoutes, authRoutes as authContract } from "@dirabot/api";
import type { GatewayContext } from "@dirabot/platform";
import { AppError, persistentSecret } from "@dirabot/platform";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import Router from "@koa/router";
import Koa from "koa";
import compress from "koa-compress";
import { loadSession, requireAdmin, type SessionCache } from "./auth/session.ts";
import { proxyOptions } from "./client-address.ts";
import { errorShape } from "./errors.ts";
import { type GatewayLimits, perCaller } from "./limits.ts";
import { ApiDoc } from "./openapi.ts";
import { drawnPages } from "./pages.ts";
import { accessRoutes } from "./routes/access.ts";
import { actorOf } from "./routes/actor.ts";
import { assetRoutes } from "./routes/assets.ts";
import { authRoutes } from "./routes/auth.ts";
import { botListJson, botRoutes } from "./routes/bots.ts";
import { chatRoutes } from "./routes/chats.ts";
import { geoRoutes } from "./routes/geo.ts";
import { healthRoutes } from "./routes/health.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { oauthRoutes } from "./routes/oauth.ts";
import { resetRoutes } from "./routes/reset.ts";
import { isStatusCheck, statusRoutes } from "./routes/status.ts";
import { telegramAdminRoutes } from "./routes/telegram-admin.ts";
import { telegramLinkRoutes } from "./routes/telegram-link.ts";
import { meJson, userRoutes } from "./routes/users.ts";
import { securityHeaders } from "./security.ts";
import { inlineScriptSources, spa } from "./static.ts";

export const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/**
 * Paths the SPA fallback must never answer: the API, the websocket, the status images, and what
 * belongs to the internal listener only (probes, metrics, service calls `/<proto package>.X/Y`),
 * which here gets a plain 404.
 */
const RESERVED = /^\/((api|socket\.io|healthz|readyz|metrics|yad2|facebook)(\/|$)|(dirabot|grpc)\.)/;

export function createApp(
  ctx: GatewayContext,
  opts: { webDist?: string; sessions: SessionCache; limits: GatewayLimits },
): Koa {
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
  const doc = new ApiDoc();
  const api = new Router();
  healthRoutes(api, ctx, doc);
  const identity = ctx.client("identity", IdentityService);
  const sessions = opts.sessions;
  const limits = opts.limits;
  // The scheme users reach decides, not NODE_ENV: a Secure cookie is lost on an http address.
  const secureCookie = ctx.settings.publicUrl.startsWith("https://");
  authRoutes(api, { identity, sessions, secureCookie, limits }, doc);
  resetRoutes(
    api,
    {
      identity,
      publicUrl: ctx.settings.publicUrl,
      perIp: limits.resetAddress,
      perPair: limits.resetPair,
    },
    doc,
  );
  const telegram = ctx.client("telegram", TelegramService);
  userRoutes(api, { identity, telegram, sessions }, doc);
  telegramLinkRoutes(api, { identity, telegram, limits }, doc);
  telegramAdminRoutes(api, { identity, telegram }, doc);
  oauthRoutes(api, { identity, settings: ctx.settings, log: ctx.log, secureCookie }, doc);
  const listings = ctx.client("listings", ListingsService);
  assetRoutes(api, { listings }, doc);
  geoRoutes(api, { listings }, doc);
  // After geoRoutes: /api/requests/neighborhoods and /codes must win over /api/requests/:id.
  const chat = ctx.client("chat", ChatService);
  const bots = ctx.client("bots", BotsService);
  botRoutes(api, { bots, chat, identity, telegram }, doc);
  chatRoutes(api, { chat, identity }, doc);
  const notifications = ctx.client("notifications", NotificationsService);
  notificationRoutes(api, { notifications, identity, testLimit: limits.testNotification }, doc);
  accessRoutes(api, { identity, notifications, telegram, sessions, secureCookie }, doc);
  statusRoutes(
    api,
    {
      scrapers: {
        "scraper-yad2": ctx.client("scraper-yad2", ScrapingService),
        "scraper-facebook": ctx.client("scraper-facebook", ScrapingService),
      },
      chat,
    },
    doc,
  );
  doc.add(authContract.oauthProviders);
  api.get("/api/oauth/providers", (k) => {
    k.body = { google: Boolean(ctx.settings.GOOGLE_CLIENT_ID && ctx.settings.GOOGLE_CLIENT_SECRET) };
  });
  // The map of every route is for the people who run it, not for whoever asks the public port.
  doc.add(adminRoutes.openapi);
  api.get("/api/openapi.json", requireAdmin, (k) => {
    k.body = doc.document(process.env.npm_package_version ?? "0.1.0");
  });

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
  const webDist = opts.webDist ?? WEB_DIST;
  app.use(securityHeaders(ctx.settings.publicUrl, inlineScriptSources(webDist)));
  // The session first: a signed-in call spends its account's budget, an anonymous one its address's.
  const session = loadSession(sessions);
  const byCaller = perCaller(limits);
  // The checks' GET images are for admins (an <img> sends the session cookie); HEAD is public, its
  // reason whole for admins only. The checks spend the caller's budget as /api calls do.
  const metered = (k: Koa.Context) => k.path.startsWith("/api/") || isStatusCheck(k.path);
  app.use(async (k, next) => (metered(k) ? session(k, next) : next()));
  app.use(async (k, next) => (metered(k) ? byCaller(k, next) : next()));
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(
    drawnPages({
      webDist,
      sessions,
      limits,
      log: ctx.log,
      seeds: {
        // My Bots: the user as /api/users/me answers, and the list as /api/requests does.
        "/bots": async (k) => {
          const me = actorOf(k);
          const [{ user }, list] = await Promise.all([
            meJson({ identity, telegram }, me.user.id),
            botListJson({ bots, identity }, me),
          ]);
          // The session a cache holds may not know of a ban yet (its end reaches the cache as an
          // event); the profile just read does: a banned visitor is drawn nothing.
          return user && !user.isBanned ? { user, bots: list } : null;
        },
      },
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
