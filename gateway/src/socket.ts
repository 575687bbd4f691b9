import type { IncomingMessage } from "node:http";
import type { ClientEvents, JoinAnswer, ServerEvents } from "@dirabot/api";
import { AppError, type Logger } from "@dirabot/platform";
import type { Redis } from "ioredis";
import { type DefaultEventsMap, Server, type Socket } from "socket.io";

/** Who a socket belongs to, as of the handshake (or its latest `chat:join`). */
export interface SocketUser {
  userId: string;
  admin: boolean;
  /** The session the handshake's token belongs to. */
  sessionId: string;
}

/** Resolves the handshake's session (bearer token, else the cookie header); null refuses it. */
export type SocketAuthenticator = (
  token: string | undefined,
  cookieHeader: string | undefined,
) => Promise<SocketUser | null>;

/**
 * Lets a handshake in or throws (a spent rate budget): `who` is the session's user, or null for
 * a handshake about to be refused, which still costs its address.
 */
export type SocketAdmission = (req: IncomingMessage, who: SocketUser | null) => Promise<void>;

/** Whether a user may read a chat (the chat service decides: owner or admin). */
export type ChatAccess = (user: SocketUser, chatId: string) => Promise<boolean>;

/** What the server keeps on each socket. */
interface SocketData {
  user: SocketUser;
  credentials: Credentials;
}

/** The websocket's server, its events the API contract's (`@dirabot/api`'s socket.ts). */
export type SocketServer = Server<ClientEvents, ServerEvents, DefaultEventsMap, SocketData>;
type ChatSocket = Socket<ClientEvents, ServerEvents, DefaultEventsMap, SocketData>;

const refuseAll: SocketAuthenticator = async () => null;
/** A socket joins a few chats (one per bot); more than this is a client gone wrong. */
const MAX_ROOMS = 500;

export const userRoom = (userId: string) => `user:${userId}`;
export const chatRoom = (chatId: string) => `chat:${chatId}`;
/** The sockets of one session: ending the session disconnects them (session-ends.ts). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** What the handshake presented, kept to check the session again at each `chat:join`. */
interface Credentials {
  token: string | undefined;
  cookie: string | undefined;
}

/**
 * Socket.IO for the gateway (path /socket.io), not yet attached to a server. With Redis, rooms
 * span every gateway replica (an emit on one reaches sockets held by another); without, they
 * live in this process. Every socket is in its user's and its session's rooms; it enters a
 * chat's room only through `chat:join`, after the session was checked again and the chat
 * service said yes. The Redis adapter is loaded only when there is a Redis (not in the one-process
 * run): less to keep in memory. No connection state recovery: the client loads what it missed
 * over HTTP on every connect, and recovery kept a copy of every emit for two minutes.
 */
export async function createSocketServer(opts: {
  redis?: Redis;
  authenticate?: SocketAuthenticator;
  canRead?: ChatAccess;
  admit?: SocketAdmission;
  /** The Redis channel prefix: replicas sharing it are one set (every emit reaches all of them). */
  channel?: string;
  log?: Logger;
  /** Whether a handshake's Origin is the product's own (socket-origin.ts); refused with 403 if not. */
  allowOrigin?: (req: IncomingMessage) => boolean;
}): Promise<{ io: SocketServer; close(): Promise<void> }> {
  const allowOrigin = opts.allowOrigin;
  const io: SocketServer = new Server({
    path: "/socket.io",
    serveClient: false,
    ...(allowOrigin && {
      allowRequest: (req, answer) => {
        const ok = allowOrigin(req);
        answer(ok ? null : "Origin not allowed", ok);
      },
    }),
  });
  const sub = opts.redis?.duplicate();
  // The adapter listens for the subscriber's errors only while it is open: closing, an error
  // with no listener would end the process.
  sub?.on("error", (err) => opts.log?.warn({ err }, "redis subscriber error"));
  if (opts.redis && sub) {
    const { createAdapter } = await import("@socket.io/redis-adapter");
    io.adapter(createAdapter(opts.redis, sub, { key: opts.channel ?? "socket.io" }));
  }
  const authenticate = opts.authenticate ?? refuseAll;
  const canRead = opts.canRead ?? (async () => false);
  io.use(async (socket, next) => {
    try {
      const token =
        typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : undefined;
      const credentials: Credentials = { token, cookie: socket.handshake.headers.cookie };
      const who = await authenticate(credentials.token, credentials.cookie);
      await opts.admit?.(socket.request, who);
      if (!who) return next(new Error("unauthenticated"));
      socket.data.user = who;
      socket.data.credentials = credentials;
      await socket.join([userRoom(who.userId), sessionRoom(who.sessionId)]);
      next();
    } catch (err) {
      // A spent budget is said as such: the client may come back later, nothing is wrong with it.
      const limited = err instanceof AppError && err.code === "rate_limited";
      next(new Error(limited ? err.message : "unauthenticated"));
    }
  });
  io.on("connection", (socket) => {
    // What a client sends is checked here whatever its type says: any client may connect.
    socket.on("chat:join", async (arg, ack) => {
      const answer = await join(socket, arg, authenticate, canRead);
      if (typeof ack === "function") ack(answer);
    });
    socket.on("chat:leave", async (arg, ack) => {
      const chatId = chatIdOf(arg);
      if (chatId) await socket.leave(chatRoom(chatId));
      if (typeof ack === "function")
        ack(chatId ? { ok: true } : { ok: false, message: "chatId is required" });
    });
  });
  return {
    io,
    async close() {
      await io.close();
      sub?.disconnect();
    },
  };
}

/** The web app's client emits the bare id; `{chatId}` is accepted too. */
function chatIdOf(arg: unknown): string | undefined {
  const raw = typeof arg === "object" && arg !== null ? (arg as { chatId?: unknown }).chatId : arg;
  return typeof raw === "string" && raw.trim() && raw.length <= 100 ? raw.trim() : undefined;
}

/**
 * Rights are checked as they are now, not as at the handshake: the session again (an ended one
 * disconnects the socket), then the chat service with the current admin flag (a demoted admin's
 * socket must not enter another user's chat).
 */
async function join(
  socket: ChatSocket,
  arg: unknown,
  authenticate: SocketAuthenticator,
  canRead: ChatAccess,
): Promise<JoinAnswer> {
  const chatId = chatIdOf(arg);
  if (!chatId) return { ok: false, message: "chatId is required" };
  if (socket.rooms.size >= MAX_ROOMS) return { ok: false, message: "Too many chats joined" };
  let allowed: boolean;
  try {
    const { token, cookie } = socket.data.credentials;
    const who = await authenticate(token, cookie);
    if (!who) {
      setImmediate(() => socket.disconnect(true)); // after the answer has gone out
      return { ok: false, message: "Your session has ended" };
    }
    socket.data.user = who;
    allowed = await canRead(who, chatId);
  } catch {
    return { ok: false, message: "Could not join the chat, try again" };
  }
  // Someone else's chat gets the same answer as an unknown one (nothing to learn by probing).
  if (!allowed) return { ok: false, message: "Chat not found" };
  await socket.join(chatRoom(chatId));
  return { ok: true };
}
