import { io, type Socket } from "socket.io-client";
import type { Message } from "./types.ts";

// The realtime socket: same origin, path /socket.io, the
// stored token in the handshake (the cookie goes along too), and the reconnection settings below.

export interface ServerEvents {
  /** A new message, with the owner's unread count in its chat after it when the server knows it. */
  "chat:newMessage": (message: Message & { unreadCount?: number }) => void;
  /** A chat's unread count changed otherwise (it was read). */
  "chat:unread": (update: { chatId: string; unreadCount: number }) => void;
  /** A new notification of this user's (the notifications feature listens through lib/liveEvents). */
  "notification:new": (notification: unknown) => void;
}

export interface ClientEvents {
  "chat:join": (chatId: string, ack: (answer: { ok: boolean; message?: string }) => void) => void;
}

export type ChatSocket = Socket<ServerEvents, ClientEvents>;

export function openChatSocket(token: string | null): ChatSocket {
  return io({
    path: "/socket.io",
    auth: token ? { token } : {},
    withCredentials: true,
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    timeout: 20_000,
  });
}

/**
 * The chat rooms this tab has joined. Joining is remembered even while disconnected, and every
 * remembered room is joined again on each (re)connect, since a new connection starts in none.
 */
export class RoomSet {
  private readonly rooms = new Set<string>();
  private readonly socket: ChatSocket;

  constructor(socket: ChatSocket) {
    this.socket = socket;
    socket.on("connect", () => {
      for (const room of this.rooms) this.emitJoin(room);
    });
  }

  join(chatId: string): void {
    if (this.rooms.has(chatId)) return;
    this.rooms.add(chatId);
    if (this.socket.connected) this.emitJoin(chatId);
  }

  private emitJoin(chatId: string): void {
    // A refusal (someone else's chat) is the server's to enforce; nothing arrives from that room.
    this.socket.emit("chat:join", chatId, () => undefined);
  }
}
