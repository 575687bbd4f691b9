import { chat } from "@dirabot/chat";
import { identity } from "@dirabot/identity";
import { eventSource } from "@dirabot/notifications/testing";
import { launch, type Running } from "@dirabot/platform";
import { testSettings, uniqueId } from "@dirabot/platform/testing";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  call,
  connect,
  eventually,
  match,
  openChat,
  register,
} from "../test/realtime-testkit.ts";
import { gateway } from "./index.ts";

/**
 * Sessions that outlive their right: a logout, a ban, a role change and a password change end
 * sessions in identity, and every gateway replica acts on it at once. A runs the services and a
 * gateway, B is a gateway alone (one NATS, one Redis, one durable group, as in
 * socket-replicas.test.ts). The sockets are on B and the changes go through A. Both gateways
 * cache a session check for two minutes here, so a token refused within the test was dropped
 * because identity said so, not because the cache ran out.
 */
const nats = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";
const redis = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// The machine's PostgreSQL too, even in the embedded pass: the services' durables on the shared
// NATS are shared with the other replica test running beside this one, and an event the other
// process takes must land in the same tables (each process's own embedded database would lose it).
const database = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const group = `ends-${uniqueId()}`;
const bots = eventSource("bots");
const admin = { email: `admin-ends-${uniqueId()}@example.com`, password: "admin-pass-1" };
const sockets: Socket[] = [];
const CACHE_MS = 120_000;
let a: Running;
let b: Running;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  a = await launch(
    testSettings({
      SERVICES: "identity,chat,gateway",
      DATABASE_URL: database,
      NATS_URL: nats,
      REDIS_URL: redis,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    }),
    [identity, chat, bots.module],
    gateway({ realtimeGroup: group, sessionCacheMs: CACHE_MS, limitPrefix: `${group}:` }),
  );
  baseA = `http://127.0.0.1:${a.port}`;
  const servicesOfA = `http://127.0.0.1:${a.internalPort}`;
  b = await launch(
    testSettings({
      SERVICES: "gateway",
      DATABASE_URL: database,
      NATS_URL: nats,
      REDIS_URL: redis,
      IDENTITY_SERVICE_URL: servicesOfA,
      CHAT_SERVICE_URL: servicesOfA,
    }),
    [],
    gateway({ realtimeGroup: group, sessionCacheMs: CACHE_MS, limitPrefix: `${group}:` }),
  );
  baseB = `http://127.0.0.1:${b.port}`;
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await b?.stop();
  await a?.stop();
});

const SLOW = 180_000;
const me = async (base: string, token: string) => (await call(base, "GET", "/api/users/me", token)).status;
const gone = (c: Client) =>
  eventually(async () => (c.socket.connected ? undefined : true), "the socket disconnected");

async function signIn(email: string, password: string) {
  const r = await call(baseA, "POST", "/api/auth/login", undefined, { email, password });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.token as string, id: r.body.user._id as string };
}

/** A user with a socket on B whose session B has checked (and cached). */
async function onB(who: { token: string }) {
  const client = await connect(baseB, who.token, sockets);
  expect(await me(baseB, who.token)).toBe(200);
  return client;
}

describe("ended sessions, across gateway replicas", () => {
  it(
    "a logout disconnects that session's socket on the other replica, and its token stops there too",
    async () => {
      const alice = await register(baseA, "alice");
      const socket = await onB(alice);
      expect((await call(baseA, "POST", "/api/auth/logout", alice.token)).status).toBe(200);
      await gone(socket);
      expect(await me(baseB, alice.token)).toBe(401);
    },
    SLOW,
  );

  it(
    "a ban disconnects every socket of the user at once, and nothing more reaches them",
    async () => {
      const boss = await signIn(admin.email, admin.password);
      const bob = await register(baseA, "bob");
      const bot = await openChat(bots, baseA, bob);
      const socket = await onB(bob);
      expect(await socket.socket.emitWithAck("chat:join", bot.chatId)).toEqual({ ok: true });
      const banned = await call(baseA, "PATCH", `/api/users/${bob.id}`, boss.token, {
        isBanned: true,
        bannedReason: "spam",
      });
      expect(banned.status).toBe(200);
      await gone(socket);
      expect(await me(baseB, bob.token)).toBe(401);
      // A listing still matched for the chat (bots are stopped elsewhere) reaches no socket of bob's.
      const before = socket.got.length;
      await match(bots, bob.id, bot, 5000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(socket.got.length).toBe(before);
    },
    SLOW,
  );

  it(
    "a demotion disconnects the former admin's sockets; signed in again, another user's chat is refused",
    async () => {
      const boss = await signIn(admin.email, admin.password);
      const owner = await register(baseA, "owner");
      const bot = await openChat(bots, baseA, owner);
      const carol = await register(baseA, "carol");
      const promoted = await call(baseA, "PATCH", `/api/users/${carol.id}`, boss.token, {
        roles: ["user", "admin"],
      });
      expect(promoted.status).toBe(200);
      expect(await me(baseA, carol.token)).toBe(401); // a role change ends the sessions held before it
      const asAdmin = await signIn(promoted.body.user.email, "secret1");
      const socket = await onB(asAdmin);
      expect(await socket.socket.emitWithAck("chat:join", bot.chatId)).toEqual({ ok: true });

      expect(
        (await call(baseA, "PATCH", `/api/users/${carol.id}`, boss.token, { roles: ["user"] })).status,
      ).toBe(200);
      await gone(socket);
      expect(await me(baseB, asAdmin.token)).toBe(401);
      const again = await onB(await signIn(promoted.body.user.email, "secret1"));
      expect(await again.socket.emitWithAck("chat:join", bot.chatId)).toEqual({
        ok: false,
        message: "Chat not found",
      });
    },
    SLOW,
  );

  it(
    "a password change ends the user's other sessions and their sockets, not the one it was made in",
    async () => {
      const dana = await register(baseA, "dana");
      const email = (await call(baseA, "GET", "/api/users/me", dana.token)).body.user.email as string;
      const other = await signIn(email, "secret1");
      const [here, there] = [await onB(dana), await onB(other)];
      const changed = await call(baseA, "POST", "/api/auth/change-password", dana.token, {
        currentPassword: "secret1",
        newPassword: "secret2",
      });
      expect(changed.status).toBe(200);
      await gone(there);
      expect(await me(baseB, other.token)).toBe(401);
      expect(await me(baseA, other.token)).toBe(401);
      expect(here.socket.connected).toBe(true);
      expect(await me(baseB, dana.token)).toBe(200);
      expect(await me(baseA, dana.token)).toBe(200);
      await signIn(email, "secret2");
    },
    SLOW,
  );
});
