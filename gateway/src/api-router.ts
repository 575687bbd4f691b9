import { adminRoutes, authRoutes as authContract } from "@dirabot/api";
import { routerOf } from "@dirabot/geography/routing";
import { type GatewayContext, ownSettings } from "@dirabot/platform";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import Router from "@koa/router";
import { requireAdmin, type SessionCache } from "./auth/session.ts";
import type { GatewayLimits } from "./limits.ts";
import { ApiDoc } from "./openapi.ts";
import { accessRoutes } from "./routes/access.ts";
import { assetRoutes } from "./routes/assets.ts";
import { authRoutes } from "./routes/auth.ts";
import { botRoutes } from "./routes/bots.ts";
import { chatRoutes } from "./routes/chats.ts";
import { Distances } from "./routes/distances.ts";
import { geoRoutes } from "./routes/geo.ts";
import { healthRoutes } from "./routes/health.ts";
import { memberRoutes } from "./routes/members.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { oauthRoutes } from "./routes/oauth.ts";
import { priceBandRoutes } from "./routes/price-band.ts";
import { resetRoutes } from "./routes/reset.ts";
import { statusRoutes } from "./routes/status.ts";
import { telegramAdminRoutes } from "./routes/telegram-admin.ts";
import { telegramLinkRoutes } from "./routes/telegram-link.ts";
import { userRoutes } from "./routes/users.ts";
import { gatewaySettings } from "./settings.ts";

// The /api routes and the OpenAPI document they describe, in the order they match.

/** The gateway's clients of the services. */
export function clientsOf(ctx: GatewayContext) {
  return {
    identity: ctx.client("identity", IdentityService),
    telegram: ctx.client("telegram", TelegramService),
    listings: ctx.client("listings", ListingsService),
    chat: ctx.client("chat", ChatService),
    bots: ctx.client("bots", BotsService),
    notifications: ctx.client("notifications", NotificationsService),
    scrapers: {
      "scraper-yad2": ctx.client("scraper-yad2", ScrapingService),
      "scraper-facebook": ctx.client("scraper-facebook", ScrapingService),
    },
  };
}
export type Clients = ReturnType<typeof clientsOf>;

interface RouterDeps {
  clients: Clients;
  sessions: SessionCache;
  limits: GatewayLimits;
}

interface Deps extends RouterDeps {
  secureCookie: boolean;
}

export function apiRouter(ctx: GatewayContext, deps: RouterDeps): Router {
  const doc = new ApiDoc();
  const api = new Router();
  // The scheme users reach decides, not NODE_ENV: a Secure cookie is lost on an http address.
  const all = { ...deps, secureCookie: ctx.settings.publicUrl.startsWith("https://") };
  healthRoutes(api, ctx, doc);
  accountRoutes(api, doc, ctx, all);
  const distances = new Distances(routerOf(ownSettings(ctx.settings, gatewaySettings)), ctx.log);
  productRoutes(api, doc, all, ctx.settings.publicUrl, distances);
  doc.add(authContract.oauthProviders);
  api.get("/api/oauth/providers", (k) => {
    const google = ownSettings(ctx.settings, gatewaySettings);
    k.body = { google: Boolean(google.GOOGLE_CLIENT_ID && google.GOOGLE_CLIENT_SECRET) };
  });
  // The map of every route is for the people who run it, not for whoever asks the public port.
  doc.add(adminRoutes.openapi);
  api.get("/api/openapi.json", requireAdmin, (k) => {
    k.body = doc.document(process.env.npm_package_version ?? "0.1.0");
  });
  return api;
}

/** Sign-in, reset, the account, its Telegram link, Google. */
function accountRoutes(api: Router, doc: ApiDoc, ctx: GatewayContext, deps: Deps) {
  const { clients, sessions, limits, secureCookie } = deps;
  const { identity, telegram } = clients;
  const { publicUrl } = ctx.settings;
  authRoutes(api, { identity, sessions, secureCookie, limits }, doc);
  resetRoutes(api, { identity, publicUrl, perIp: limits.resetAddress, perPair: limits.resetPair }, doc);
  userRoutes(api, { identity, telegram, sessions }, doc);
  telegramLinkRoutes(api, { identity, telegram, limits }, doc);
  telegramAdminRoutes(api, { identity, telegram }, doc);
  const google = ownSettings(ctx.settings, gatewaySettings);
  oauthRoutes(api, { identity, settings: ctx.settings, google, log: ctx.log, secureCookie }, doc);
}

/** Listings, bots, chats, notifications, access, the checks. */
function productRoutes(
  api: Router,
  doc: ApiDoc,
  { clients, sessions, limits, secureCookie }: Deps,
  publicUrl: string,
  distances: Distances,
) {
  const { identity, telegram, listings, chat, bots, notifications, scrapers } = clients;
  priceBandRoutes(api, { listings }, doc); // before /api/assets/:id
  assetRoutes(api, { listings, distances }, doc);
  geoRoutes(api, { listings }, doc);
  // After geoRoutes: /api/requests/neighborhoods and /codes must win over /api/requests/:id.
  memberRoutes(api, { bots, identity, publicUrl, emailLimit: limits.inviteByEmail }, doc); // before /api/requests/:id's own
  botRoutes(api, { bots, chat, identity, telegram }, doc);
  chatRoutes(api, { chat, identity, listings }, doc);
  notificationRoutes(api, { notifications, identity, testLimit: limits.testNotification }, doc);
  accessRoutes(api, { identity, notifications, telegram, sessions, secureCookie }, doc);
  statusRoutes(api, { scrapers, chat }, doc);
}
