import { asActor, type GatewayFactory } from "@dirabot/platform";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { createApp } from "./app.ts";
import { COOKIE, SessionCache } from "./auth/session.ts";
import { addressKey, clientAddress } from "./client-address.ts";
import { gatewayLimits } from "./limits.ts";
import { spend } from "./rate-limit.ts";
import { startRealtime } from "./realtime.ts";
import type { ChatAccess, SocketAuthenticator } from "./socket.ts";
import { ownOrigin } from "./socket-origin.ts";

export { gatewaySettings } from "./settings.ts";
export type { ChatAccess, SocketAuthenticator };

function cookieToken(header: string | undefined): string | undefined {
  const pair = header
    ?.split(";")
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(COOKIE.length + 1)) || undefined : undefined;
}

/** The BFF: Koa for /api and the SPA, Socket.IO beside it on the same port. */
export function gateway(
  opts: {
    webDist?: string;
    authenticate?: SocketAuthenticator;
    /** The durable group and Redis channel of the replicas' shared room work (tests use their own). */
    realtimeGroup?: string;
    /**
     * Namespaces the rate limits' Redis keys. Replicas of one deployment share the default; test
     * gateways on one shared Redis and one address each take their own, or they share one budget.
     */
    limitPrefix?: string;
    /** How long a session check is cached (5 s; tests lengthen it to see ended sessions dropped). */
    sessionCacheMs?: number;
  } = {},
): GatewayFactory {
  return async (ctx) => {
    // ioredis is loaded only when there is a Redis (not in the one-process run): less to keep in memory.
    const redis = ctx.settings.REDIS_URL
      ? new (await import("ioredis")).Redis(ctx.settings.REDIS_URL, { maxRetriesPerRequest: 2 })
      : undefined;
    redis?.on("error", (err) => ctx.log.warn({ err }, "redis error"));
    const sessions = new SessionCache(ctx.client("identity", IdentityService), opts.sessionCacheMs);
    const limits = gatewayLimits(redis, opts.limitPrefix);
    const app = createApp(ctx, { webDist: opts.webDist, sessions, limits });
    // The websocket handshake is checked like any request: bearer token, else the session cookie.
    const authenticate: SocketAuthenticator =
      opts.authenticate ??
      (async (token, cookie) => {
        const t = token ?? cookieToken(cookie);
        const s = t ? await sessions.session(t) : null;
        return s && !s.user.isBanned
          ? { userId: s.user.id, admin: s.user.roles.includes("admin"), sessionId: s.sessionId }
          : null;
      });
    const chat = ctx.client("chat", ChatService);
    const canRead: ChatAccess = async (user, chatId) =>
      (await chat.canRead({ chatId }, asActor(user))).allowed;
    const realtime = await startRealtime({
      bus: ctx.bus,
      log: ctx.log,
      redis,
      authenticate,
      canRead,
      // A handshake spends what an /api call does: its account's budget, else its address's.
      admit: (req, who) =>
        who
          ? spend(limits.account, who.userId)
          : spend(limits.anonymous, addressKey(clientAddress(req, ctx.settings.TRUST_PROXY))),
      allowOrigin: ownOrigin(ctx.settings.publicUrl),
      group: opts.realtimeGroup,
      onSessionsEnded: (e) => sessions.end(e),
    });
    const handler = app.callback();
    return {
      handler: (req, res) => void handler(req, res),
      attach: (server) => realtime.attach(server),
      async stop() {
        await realtime.stop();
        redis?.disconnect();
      },
    };
  };
}
