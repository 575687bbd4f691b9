import type { GatewayFactory } from "@dirabot/platform";
import { Redis } from "ioredis";
import { createApp } from "./app.ts";
import { createSocketServer, type SocketAuthenticator } from "./socket.ts";

export type { SocketAuthenticator };

/** The BFF: Koa for /api and the SPA, Socket.IO beside it on the same port. */
export function gateway(opts: { webDist?: string; authenticate?: SocketAuthenticator } = {}): GatewayFactory {
  return async (ctx) => {
    const redis = ctx.settings.REDIS_URL
      ? new Redis(ctx.settings.REDIS_URL, { maxRetriesPerRequest: 2 })
      : undefined;
    redis?.on("error", (err) => ctx.log.warn({ err }, "redis error"));
    const app = createApp(ctx, { redis, webDist: opts.webDist });
    const handler = app.callback();
    let io: ReturnType<typeof createSocketServer> | undefined;
    return {
      handler: (req, res) => void handler(req, res),
      attach(server) {
        io = createSocketServer(server, { redis, authenticate: opts.authenticate });
      },
      async stop() {
        await io?.close();
        redis?.disconnect();
      },
    };
  };
}
