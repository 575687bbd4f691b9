import { randomUUID } from "node:crypto";
import type * as http from "node:http";
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { type Bus, decodeEvent, type Logger, type Subscription, subjectOf } from "@dirabot/platform";
import { ChatMessageCreatedSchema, ChatReadSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { NotificationCreatedSchema } from "@dirabot/proto/events/v1/notifications_pb.js";
import type { Redis } from "ioredis";
import type { Server } from "socket.io";
import { messageJson } from "./routes/chat-json.ts";
import { notificationJson } from "./routes/notifications.ts";
import {
  type ChatAccess,
  chatRoom,
  createSocketServer,
  type SocketAuthenticator,
  userRoom,
} from "./socket.ts";

type Rooms = Pick<Server, "to">;

/**
 * What each event becomes on the sockets. A new message goes to its chat's room and to its
 * owner's own room (one delivery per socket even when it is in both: a chat the client has not
 * joined yet, a new bot's, still reaches it), with the owner's unread count beside it.
 */
const pushes = [
  {
    name: "message",
    subject: subjectOf("chat", "message.created"),
    schema: ChatMessageCreatedSchema,
    push(io: Rooms, e: MessageShape<typeof ChatMessageCreatedSchema>) {
      const m = e.message;
      if (!m) return;
      const rooms = [chatRoom(m.chatId), ...(e.userId ? [userRoom(e.userId)] : [])];
      io.to(rooms).emit("chat:newMessage", messageJson(m));
      if (e.userId)
        io.to(userRoom(e.userId)).emit("chat:unread", { chatId: m.chatId, unreadCount: e.unreadCount });
    },
  },
  {
    name: "read",
    subject: subjectOf("chat", "chat.read"),
    schema: ChatReadSchema,
    push(io: Rooms, e: MessageShape<typeof ChatReadSchema>) {
      io.to(userRoom(e.userId)).emit("chat:unread", { chatId: e.chatId, unreadCount: 0 });
    },
  },
  {
    name: "notification",
    subject: subjectOf("notifications", "notification.created"),
    schema: NotificationCreatedSchema,
    push(io: Rooms, e: MessageShape<typeof NotificationCreatedSchema>) {
      const n = e.notification;
      if (n) io.to(userRoom(n.userId)).emit("notification:new", notificationJson(n));
    },
  },
] as const;

/**
 * Subscribes the socket pushes to the bus, one durable per event type (NATS 2.9 takes one
 * filter subject per consumer). `group` names the durables: replicas sharing it split the
 * events, which is right only when Redis carries every emit to every replica's sockets.
 */
export async function pushEvents(bus: Bus, io: Rooms, group: string, log: Logger): Promise<Subscription[]> {
  const subs: Subscription[] = [];
  for (const p of pushes) {
    const schema: DescMessage = p.schema;
    subs.push(
      await bus.subscribe({
        durable: `${group}-${p.name}`,
        subjects: [p.subject],
        handler: async ({ data }) => {
          let payload: unknown;
          try {
            payload = decodeEvent(data, schema).payload;
          } catch (err) {
            // A malformed event is not retried into the sockets; it is logged once.
            log.warn({ err, subject: p.subject }, "undecodable event skipped");
            return;
          }
          (p.push as (io: Rooms, e: unknown) => void)(io, payload);
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
}): Promise<Realtime> {
  const sockets = createSocketServer(opts);
  // With Redis, the replicas are one group (each event handled once, Redis fans it out); without,
  // a gateway reaches only its own sockets, so it needs every event: a group of its own.
  const group = opts.redis ? "gateway-realtime" : `gateway-realtime-${randomUUID().slice(0, 8)}`;
  const subs = await pushEvents(opts.bus, sockets.io, group, opts.log);
  return {
    attach: (server) => sockets.io.attach(server),
    async stop() {
      await Promise.all(subs.map((s) => s.stop()));
      await sockets.close();
    },
  };
}
