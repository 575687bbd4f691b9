import { randomUUID } from "node:crypto";
import type * as http from "node:http";
import { type Bus, decodeEvent, type Logger, type Subscription } from "@dirabot/platform";
import {
  BotMemberRemoved,
  ChatMessageMarked,
  ChatMessagesCreated,
  ChatRead,
  ChatSeen,
  type EventDef,
  NotificationsCreated,
  NotificationsShown,
} from "@dirabot/proto/events";
import type { Redis } from "ioredis";
import type { EndedSessions } from "./auth/session.ts";
import { type EntryKeys, messagesCreated, notificationsAnnounced } from "./push-entries.ts";
import { chatAssetJson, messageJson, readMarkJson, replyJson, voteJson } from "./routes/chat-json.ts";
import { notificationJson } from "./routes/notifications.ts";
import { applySessionEnds } from "./session-ends.ts";
import {
  type ChatAccess,
  chatRoom,
  createSocketServer,
  type SocketAdmission,
  type SocketAuthenticator,
  type SocketServer,
  userRoom,
} from "./socket.ts";

/**
 * Where the pushes go: this process's own rooms (`io.local`), and whether a room has a socket
 * here. Socket.IO encodes a packet before it looks for the room's sockets, so an emit to a room
 * nobody here is in costs the message's JSON all the same; at the scaling model's 10 % online
 * (SCALING.md), nine emits in ten are for nobody on any replica.
 */
interface Rooms {
  to: SocketServer["local"]["to"];
  has(room: string): boolean;
  /** Takes the sockets of room `of` here out of room `room`. */
  leave(of: string, room: string): void;
}
const STALE_MS = 5 * 60_000;

/**
 * Each new message goes to its chat's room and to its owner's own room (one delivery per socket
 * even when it is in both: a chat the client has not joined yet, a new bot's, still reaches
 * it), carrying the owner's unread count in that chat after it (`unreadCount`): one frame a
 * message, where a `chat:unread` beside it made two (each frame is a write of its own on every
 * socket; `chat:unread` is left for reads). A listing's matches arrive as one event of hundreds
 * of messages, each its own chat's.
 */
async function pushMessages(io: Rooms, e: ReturnType<typeof messagesCreated>) {
  const here = ({ userId, chatId }: EntryKeys) =>
    io.has(chatRoom(chatId)) || (userId !== "" && io.has(userRoom(userId)));
  const entries = e.entries(here);
  if (!entries.length) return;
  // A listing's matches share its listing: decoded and mapped to JSON once for all of them.
  const listing = e.asset();
  const shared = listing ? chatAssetJson(listing) : undefined;
  for (const [at, { message: m, userId, unreadCount, member }] of entries.entries()) {
    if (at > 0 && at % TURN === 0) await nextTurn();
    if (!m) continue;
    const json = messageJson(m, shared);
    // A shared bot's member's copy: to their own sockets not in the chat's room (those got the
    // owner's entry there), with their own unread count.
    if (member) {
      if (userId)
        io.to(userRoom(userId))
          .except(chatRoom(m.chatId))
          .emit("chat:newMessage", { ...json, unreadCount });
      continue;
    }
    const rooms = [chatRoom(m.chatId), ...(userId ? [userRoom(userId)] : [])];
    io.to(rooms).emit("chat:newMessage", userId ? { ...json, unreadCount } : json);
  }
}

/**
 * A member removed from a shared bot (or its bot deleted): their sockets here leave the chat's
 * room at once and are told, so an open page drops the chat.
 */
function memberRemoved(io: Rooms, e: { userId: string; chatId: string; botId: string }) {
  const room = userRoom(e.userId);
  if (!e.userId || !io.has(room)) return;
  io.leave(room, chatRoom(e.chatId));
  io.to(room).emit("chat:removed", { chatId: e.chatId, botId: e.botId });
}

/** A listing's matches arrive as one event of hundreds of notifications, each its own user's. */
async function pushNotifications(io: Rooms, e: ReturnType<typeof notificationsAnnounced>) {
  const here = ({ userId }: EntryKeys) => userId !== "" && io.has(userRoom(userId));
  for (const [at, n] of e.entries(here).entries()) {
    if (at > 0 && at % TURN === 0) await nextTurn();
    io.to(userRoom(n.userId)).emit("notification:new", notificationJson(n));
  }
}

/**
 * Pushes an event makes before it lets the process's other work run (`nextTurn`): an event of a
 * listing's 500 matches held the gateway for tens of milliseconds, and the next listing's first
 * matches (their own follower's, `messages.created.first`) waited that long behind it. Each
 * follower still pushes its events in order, one after the other.
 */
const TURN = 50;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An event read for the sockets: when it happened, and what it does to them. */
interface Read {
  occurredAt: Date;
  push(io: Rooms): void | Promise<void>;
}

/** What each event becomes on the sockets (push-entries.ts: only what this gateway's sockets get is decoded). */
const pushes: { name: string; event: EventDef; read(data: Uint8Array): Read }[] = [
  // `first`: a listing's first matches, followed apart so that they are not pushed behind the
  // previous listings' hundreds.
  ...[ChatMessagesCreated, ChatMessagesCreated.lanes.first].map((event) => ({
    name: event === ChatMessagesCreated ? "messages" : "messages-first",
    event,
    read(data: Uint8Array): Read {
      const e = messagesCreated(data);
      return { occurredAt: e.occurredAt, push: (io) => pushMessages(io, e) };
    },
  })),
  {
    name: "member-removed",
    event: BotMemberRemoved,
    read(data) {
      const { occurredAt, payload: e } = decodeEvent(data, BotMemberRemoved.schema);
      return { occurredAt, push: (io) => memberRemoved(io, e) };
    },
  },
  {
    name: "read",
    event: ChatRead,
    read(data) {
      const { occurredAt, payload: e } = decodeEvent(data, ChatRead.schema);
      return {
        occurredAt,
        push(io) {
          const room = userRoom(e.userId);
          if (io.has(room)) io.to(room).emit("chat:unread", { chatId: e.chatId, unreadCount: 0 });
        },
      };
    },
  },
  // Votes, quick replies and read marks go to the chat's room: every open page of the chat.
  {
    name: "marks",
    event: ChatMessageMarked,
    read(data) {
      const { occurredAt, payload: e } = decodeEvent(data, ChatMessageMarked.schema);
      return {
        occurredAt,
        push(io) {
          const room = chatRoom(e.chatId);
          if (io.has(room))
            io.to(room).emit("chat:marks", {
              chatId: e.chatId,
              messageId: e.messageId,
              votes: e.votes.map(voteJson),
              replies: e.replies.map(replyJson),
              folded: e.folded,
            });
        },
      };
    },
  },
  {
    name: "seen",
    event: ChatSeen,
    read(data) {
      const { occurredAt, payload: e } = decodeEvent(data, ChatSeen.schema);
      return {
        occurredAt,
        push(io) {
          const room = chatRoom(e.chatId);
          if (e.mark && io.has(room))
            io.to(room).emit("chat:seen", { chatId: e.chatId, mark: readMarkJson(e.mark) });
        },
      };
    },
  },
  // `shown`: a listing's matches, whose writer queued their pushes and Telegram messages already.
  ...[NotificationsCreated, NotificationsShown].map((event) => ({
    name: event === NotificationsCreated ? "notifications" : "notifications-shown",
    event,
    read(data: Uint8Array): Read {
      const e = notificationsAnnounced(data);
      return { occurredAt: e.occurredAt, push: (io) => pushNotifications(io, e) };
    },
  })),
];

/**
 * Follows the bus for the socket pushes, one follower per event type (NATS 2.9 takes one filter
 * subject per consumer). Every gateway replica follows every event and emits to its own sockets
 * only: an emit to a room nobody here is in costs a map lookup, where a shared adapter would send
 * each emit through Redis to every replica. An event missed while a gateway was away is not
 * wanted: its clients reconnect and load what they missed over HTTP.
 */
export async function pushEvents(bus: Bus, io: Rooms, log: Logger): Promise<Subscription[]> {
  const subs: Subscription[] = [];
  for (const p of pushes) {
    subs.push(
      await bus.follow({
        name: `gateway-${p.name}`,
        subjects: [p.event.subject],
        handler: async ({ data }) => {
          let event: Read;
          try {
            event = p.read(data);
            // A push is news only while it is fresh: a follower that fell behind (a long pause,
            // NATS away) skips what its clients will load over HTTP when they reconnect.
            if (Date.now() - event.occurredAt.getTime() > STALE_MS) return;
            await event.push(io);
          } catch (err) {
            // A malformed event (or entry this gateway wanted) is not pushed; it is logged once.
            log.warn({ err, subject: p.event.subject }, "undecodable event skipped");
          }
        },
      }),
    );
  }
  return subs;
}

export interface Realtime {
  attach(server: http.Server): void;
  stop(): Promise<void>;
}

/**
 * The websocket and its feed: started with the gateway, so events that arrive before the first
 * socket connects are simply nobody's to receive, and stopped with it.
 */
export async function startRealtime(opts: {
  bus: Bus;
  log: Logger;
  redis?: Redis;
  authenticate: SocketAuthenticator;
  canRead: ChatAccess;
  admit?: SocketAdmission;
  allowOrigin?: (req: http.IncomingMessage) => boolean;
  group?: string;
  /** Sessions identity ended: the gateway's session cache forgets them (session-ends.ts). */
  onSessionsEnded?: (e: EndedSessions) => void;
}): Promise<Realtime> {
  // With Redis, the replicas are one set for what is done to rooms everywhere at once (ended
  // sessions): one durable group (each event handled once) and one Redis channel (the adapter
  // reaches every replica's sockets); the two must pair up, or a second set on the same Redis
  // would act on the same event again. Without Redis, a gateway reaches only its own sockets, so
  // it needs every event: a group of its own.
  const name = opts.group ?? "gateway-realtime";
  const group = opts.redis ? name : `${name}-${randomUUID().slice(0, 8)}`;
  if (!opts.redis && opts.bus.kind === "nats")
    opts.log.warn(
      { durablePrefix: group },
      "REDIS_URL is unset: this gateway takes ended sessions through durables of its own and keeps rate limits to itself; several replicas need Redis",
    );
  const sockets = await createSocketServer({ ...opts, channel: name });
  // The pushes: every replica follows every event and emits to its own sockets (`local`), never
  // through Redis.
  const here = sockets.io.of("/").adapter.rooms;
  const rooms: Rooms = {
    to: (room) => sockets.io.local.to(room),
    has: (room) => here.has(room),
    leave: (of, room) => sockets.io.local.in(of).socketsLeave(room),
  };
  const subs = await pushEvents(opts.bus, rooms, opts.log);
  subs.push(
    await applySessionEnds({
      bus: opts.bus,
      io: sockets.io,
      group,
      log: opts.log,
      shared: Boolean(opts.redis),
      forget: opts.onSessionsEnded ?? (() => undefined),
    }),
  );
  return {
    attach: (server) => sockets.io.attach(server),
    async stop() {
      await Promise.all(subs.map((s) => s.stop()));
      await sockets.close();
    },
  };
}
