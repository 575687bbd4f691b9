import type { Socket } from "socket.io-client";
import type { Message } from "./types.ts";

// The realtime socket's events and the rooms a tab has joined. Opening it (openSocket.ts) brings
// socket.io-client's ~12 KB compressed, fetched once the shell has painted.

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

/**
 * The chat rooms this tab has joined. Joining is remembered even while disconnected, and every
 * remembered room is joined again on each (re)connect, since a new connection starts in none.
 */
export class RoomSet {
  private readonly rooms = new Set<string>();
  private socket: ChatSocket | null = null;

  /** The tab's socket, once opened: the rooms remembered until then are joined on its connect. */
  attach(socket: ChatSocket): void {
    this.socket = socket;
    socket.on("connect", () => {
      for (const room of this.rooms) this.emitJoin(room);
    });
    if (socket.connected) for (const room of this.rooms) this.emitJoin(room);
  }

  join(chatId: string): void {
    if (this.rooms.has(chatId)) return;
    this.rooms.add(chatId);
    if (this.socket?.connected) this.emitJoin(chatId);
  }

  private emitJoin(chatId: string): void {
    // A refusal (someone else's chat) is the server's to enforce; nothing arrives from that room.
    this.socket?.emit("chat:join", chatId, () => undefined);
  }
}
