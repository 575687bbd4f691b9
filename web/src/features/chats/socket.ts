import type { ClientEvents, ServerEvents } from "@dirabot/api";
import type { Socket } from "socket.io-client";

// The realtime socket (its events are the API contract's) and the rooms a tab has joined. Opening
// it (openSocket.ts) brings socket.io-client's code, fetched once the shell has painted.

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

  /** The server took the tab out of the room (a shared bot's member removed): not joined again. */
  forget(chatId: string): void {
    this.rooms.delete(chatId);
  }

  private emitJoin(chatId: string): void {
    // A refusal (someone else's chat) is the server's to enforce; nothing arrives from that room.
    this.socket?.emit("chat:join", chatId, () => undefined);
  }
}
