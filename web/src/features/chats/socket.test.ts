import { describe, expect, it } from "vitest";
import { type ChatSocket, RoomSet } from "./socket.ts";

// The rooms a tab has joined must be joined again on every (re)connect: a new Socket.IO connection
// starts in none. A stand-in for the socket.io-client Socket records what would be sent.
class SocketStandIn {
  connected = false;
  readonly joined: string[] = [];
  private readonly handlers = new Map<string, Array<() => void>>();

  on(event: string, handler: () => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, chatId: string) {
    if (event === "chat:join") this.joined.push(chatId);
    return this;
  }

  connect() {
    this.connected = true;
    for (const handler of this.handlers.get("connect") ?? []) handler();
  }
}

describe("the joined rooms", () => {
  it("joins at once when connected, and every known room again on each reconnect", () => {
    const socket = new SocketStandIn();
    const rooms = new RoomSet();
    rooms.attach(socket as unknown as ChatSocket);
    rooms.join("a");
    expect(socket.joined).toEqual([]);
    socket.connect();
    expect(socket.joined).toEqual(["a"]);
    rooms.join("b");
    rooms.join("a");
    expect(socket.joined).toEqual(["a", "b"]);
    socket.connected = false;
    socket.connect();
    expect(socket.joined).toEqual(["a", "b", "a", "b"]);
  });

  it("remembers rooms joined before the socket is open and joins them on its first connect", () => {
    const rooms = new RoomSet();
    rooms.join("a");
    rooms.join("b");
    const socket = new SocketStandIn();
    rooms.attach(socket as unknown as ChatSocket);
    expect(socket.joined).toEqual([]);
    socket.connect();
    expect(socket.joined).toEqual(["a", "b"]);
    rooms.join("c");
    expect(socket.joined).toEqual(["a", "b", "c"]);
  });
});
