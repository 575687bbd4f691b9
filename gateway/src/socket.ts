import type * as http from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import type { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";

/** Who a socket belongs to; the accounts issue supplies the real check of the session token. */
export type SocketAuthenticator = (
  token: string | undefined,
  cookieHeader: string | undefined,
) => Promise<{ userId: string } | null>;

const refuseAll: SocketAuthenticator = async () => null;

/**
 * Socket.IO on the gateway's own port (/socket.io). With Redis, rooms span every gateway replica
 * (an emit on one reaches sockets held by another); without, they live in this process.
 */
export function createSocketServer(
  server: http.Server,
  opts: { redis?: Redis; authenticate?: SocketAuthenticator },
): Server {
  const io = new Server(server, { path: "/socket.io", serveClient: false, connectionStateRecovery: {} });
  if (opts.redis) io.adapter(createAdapter(opts.redis, opts.redis.duplicate()));
  const authenticate = opts.authenticate ?? refuseAll;
  io.use(async (socket: Socket, next) => {
    try {
      const token =
        typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : undefined;
      const who = await authenticate(token, socket.handshake.headers.cookie);
      if (!who) return next(new Error("unauthenticated"));
      socket.data.userId = who.userId;
      await socket.join(`user:${who.userId}`);
      next();
    } catch {
      next(new Error("unauthenticated"));
    }
  });
  return io;
}
