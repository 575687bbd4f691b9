import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { create } from "@bufbuild/protobuf";
import { createLogger, encodeEvent, MemoryBus } from "@dirabot/platform";
import { waitFor } from "@dirabot/platform/testing";
import { SessionsEnded } from "@dirabot/proto/events";
import { SessionsEndedSchema } from "@dirabot/proto/events/v1/identity_pb.js";
import { io as connectClient, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import type { EndedSessions } from "./auth/session.ts";
import { applySessionEnds } from "./session-ends.ts";
import { type ChatAccess, createSocketServer, type SocketAuthenticator, type SocketUser } from "./socket.ts";

/**
 * A socket's rights as they are now: sessions identity ended disconnect their sockets, and
 * `chat:join` checks the session again (one process, an in-process bus; the replicas' version is
 * session-ends-replicas.test.ts).
 */
const log = createLogger("silent");
// Who each token is right now; a test changes it as identity would (demotion, revocation).
const sessions = new Map<string, SocketUser | null>();
const authenticate: SocketAuthenticator = async (token) => (token ? (sessions.get(token) ?? null) : null);
// Chat "own" is u1's; admins read every chat.
const canRead: ChatAccess = async (user, chatId) => user.admin || (user.userId === "u1" && chatId === "own");
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function start() {
  const bus = new MemoryBus(log);
  const httpServer = http.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => httpServer.once("listening", r));
  const sockets = await createSocketServer({ authenticate, canRead });
  sockets.io.attach(httpServer);
  const forgotten: EndedSessions[] = [];
  const sub = await applySessionEnds({
    bus,
    io: sockets.io,
    group: `ends-${crypto.randomUUID()}`,
    log,
    shared: false,
    forget: (e) => forgotten.push(e),
  });
  cleanup.push(async () => {
    await sub.stop();
    await sockets.close();
    await bus.close();
  });
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  async function publish(e: { userId: string; sessionIds: string[]; all: boolean }) {
    const ev = encodeEvent(SessionsEnded, create(SessionsEndedSchema, e));
    await bus.publish(ev.subject, ev.data, ev.id);
  }
  return { url, publish, forgotten };
}

async function connect(url: string, token: string) {
  const s = connectClient(url, { auth: { token }, transports: ["websocket"], reconnection: false });
  cleanup.push(() => void s.close());
  await new Promise<void>((resolve, reject) => {
    s.once("connect", () => resolve());
    s.once("connect_error", reject);
  });
  return s;
}

const disconnected = (s: Socket) =>
  waitFor(async () => (s.connected ? undefined : true), "the socket disconnected", 10_000);

describe("sockets of ended sessions", () => {
  it("disconnects the sockets of the sessions that ended and only those; the cache is told", async () => {
    const { url, publish, forgotten } = await start();
    sessions.set("t1", { userId: "u1", admin: false, sessionId: "s1" });
    sessions.set("t2", { userId: "u1", admin: false, sessionId: "s2" });
    const [one, two] = [await connect(url, "t1"), await connect(url, "t2")];
    await publish({ userId: "u1", sessionIds: ["s2"], all: false });
    await disconnected(two);
    expect(forgotten).toEqual([{ userId: "u1", sessionIds: ["s2"], all: false }]);
    expect(one.connected).toBe(true);
    expect(await one.emitWithAck("chat:join", "own")).toEqual({ ok: true });
  });

  it("disconnects every socket of a user whose sessions all ended (a ban, a role change)", async () => {
    const { url, publish } = await start();
    sessions.set("t3", { userId: "u3", admin: false, sessionId: "s3" });
    sessions.set("t4", { userId: "u3", admin: false, sessionId: "s4" });
    sessions.set("t5", { userId: "u5", admin: false, sessionId: "s5" });
    const [a, b, other] = [await connect(url, "t3"), await connect(url, "t4"), await connect(url, "t5")];
    await publish({ userId: "u3", sessionIds: [], all: true });
    await disconnected(a);
    await disconnected(b);
    expect(other.connected).toBe(true);
  });
});

describe("chat:join", () => {
  it("uses the admin flag of now, not the handshake's: a demoted admin's socket cannot enter another's chat", async () => {
    const { url } = await start();
    sessions.set("boss", { userId: "a1", admin: true, sessionId: "sa" });
    const s = await connect(url, "boss");
    expect(await s.emitWithAck("chat:join", "someone-elses")).toEqual({ ok: true });
    sessions.set("boss", { userId: "a1", admin: false, sessionId: "sa" }); // demoted
    expect(await s.emitWithAck("chat:join", "another-ones")).toEqual({
      ok: false,
      message: "Chat not found",
    });
  });

  it("refuses and disconnects a socket whose session has ended", async () => {
    const { url } = await start();
    sessions.set("gone", { userId: "u1", admin: false, sessionId: "sg" });
    const s = await connect(url, "gone");
    sessions.set("gone", null); // logged out elsewhere, the event not here yet
    expect(await s.emitWithAck("chat:join", "own")).toEqual({ ok: false, message: "Your session has ended" });
    await disconnected(s);
  });
});
