import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { io as connectClient, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { createSocketServer, type SocketAuthenticator } from "./socket.ts";

const authenticate: SocketAuthenticator = async (token) => (token === "good-token" ? { userId: "u1" } : null);
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

async function server(redis?: Redis) {
  const httpServer = http.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => httpServer.once("listening", r));
  const io = createSocketServer(httpServer, { redis, authenticate });
  cleanup.push(() => {
    io.close();
    httpServer.close();
  });
  return { io, url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` };
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
    const got = new Promise((r) => s.once("chat:newMessage", r));
    await new Promise((r) => setTimeout(r, 200)); // let the adapter's subscription settle
    a.io.to("user:u1").emit("chat:newMessage", { chatId: "c1", content: "hello" });
    expect(await got).toEqual({ chatId: "c1", content: "hello" });
  });
});
