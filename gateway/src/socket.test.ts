import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "@dirabot/platform/testing";
import { Redis } from "ioredis";
import { io as connectClient, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { type ChatAccess, createSocketServer, type SocketAuthenticator } from "./socket.ts";

const authenticate: SocketAuthenticator = async (token) =>
  token === "good-token"
    ? { userId: "u1", admin: false, sessionId: "s1" }
    : token === "admin"
      ? { userId: "a1", admin: true, sessionId: "s2" }
      : null;
// u1 owns chat c1; admins read every chat; the "down" chat stands for a chat service that fails.
const canRead: ChatAccess = async (user, chatId) => {
  if (chatId === "down") throw new Error("chat service unavailable");
  return user.admin || (user.userId === "u1" && chatId === "c1");
};
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

async function server(redis?: Redis) {
  const httpServer = http.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => httpServer.once("listening", r));
  const sockets = await createSocketServer({ redis, authenticate, canRead });
  sockets.io.attach(httpServer);
  cleanup.push(() => void sockets.close());
  return { io: sockets.io, url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` };
}

function client(url: string, token?: string): Socket {
  const s = connectClient(url, {
    auth: token ? { token } : {},
    transports: ["websocket"],
    reconnection: false,
  });
  cleanup.push(() => s.close());
  return s;
}

const outcome = (s: Socket) =>
  new Promise<string>((resolve) => {
    s.once("connect", () => resolve("connected"));
    s.once("connect_error", (err) => resolve(err.message));
  });

describe("websocket", () => {
  it("refuses a handshake without a valid session token", async () => {
    const { url } = await server();
    expect(await outcome(client(url))).toBe("unauthenticated");
    expect(await outcome(client(url, "forged"))).toBe("unauthenticated");
    expect(await outcome(client(url, "good-token"))).toBe("connected");
  });

  it("joins a chat's room only when the user may read it, and answers why not", async () => {
    const { io, url } = await server();
    const s = client(url, "good-token");
    expect(await outcome(s)).toBe("connected");
    expect(await s.emitWithAck("chat:join", "c1")).toEqual({ ok: true });
    expect(await s.emitWithAck("chat:join", { chatId: "c1" })).toEqual({ ok: true });
    expect(await s.emitWithAck("chat:join", "c2")).toEqual({ ok: false, message: "Chat not found" });
    expect(await s.emitWithAck("chat:join", { chatId: "" })).toEqual({
      ok: false,
      message: "chatId is required",
    });
    expect(await s.emitWithAck("chat:join", 42)).toEqual({ ok: false, message: "chatId is required" });
    expect(await s.emitWithAck("chat:join", "down")).toEqual({
      ok: false,
      message: "Could not join the chat, try again",
    });
    const [serverSide] = await io.fetchSockets();
    expect([...(serverSide?.rooms ?? [])].filter((r) => r !== serverSide?.id).sort()).toEqual([
      "chat:c1",
      "session:s1",
      "user:u1",
    ]);

    const admin = client(url, "admin");
    expect(await outcome(admin)).toBe("connected");
    expect(await admin.emitWithAck("chat:join", "c2")).toEqual({ ok: true });
    // A join without an ack callback (as the web app's client sends it) works the same way.
    admin.emit("chat:join", "c3");
    await waitFor(
      async () => ((await io.in("chat:c3").fetchSockets()).length ? true : undefined),
      "the join",
    );
    expect(await admin.emitWithAck("chat:leave", "c3")).toEqual({ ok: true });
    expect((await io.in("chat:c3").fetchSockets()).length).toBe(0);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it(`delivers to a user's room ${redisUrl ? "across two gateway replicas through Redis" : "in one process"}`, async () => {
    const pub = redisUrl ? new Redis(redisUrl) : undefined;
    const pub2 = redisUrl ? new Redis(redisUrl) : undefined;
    cleanup.push(() => {
      pub?.disconnect();
      pub2?.disconnect();
    });
    const a = await server(pub);
    const b = redisUrl ? await server(pub2) : a;
    const s = client(b.url, "good-token");
    expect(await outcome(s)).toBe("connected");
    const got = new Promise((r) => s.once("chat:unread", r));
    await new Promise((r) => setTimeout(r, 200)); // let the adapter's subscription settle
    a.io.to("user:u1").emit("chat:unread", { chatId: "c1", unreadCount: 2 });
    expect(await got).toEqual({ chatId: "c1", unreadCount: 2 });
  });
});
