import { chat } from "@dirabot/chat";
import { identity } from "@dirabot/identity";
import { notifications } from "@dirabot/notifications";
import { eventSource } from "@dirabot/notifications/testing";
import { launch, type Running } from "@dirabot/platform";
import { testSettings, uniqueId } from "@dirabot/platform/testing";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, connect, eventually, openChat, register } from "../test/realtime-testkit.ts";
import { gateway } from "./index.ts";

/**
 * Two gateway replicas on one NATS and one Redis: A runs the services and a gateway, B is a
 * gateway alone that reaches them over HTTP/2. A message sent through A's API reaches a socket
 * held by B, once: each replica follows every event and pushes it to its own sockets only
 * (a push that also went through the Redis adapter would arrive twice).
 */
const nats = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";
const redis = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// The machine's PostgreSQL too, even in the embedded pass: the services' durables on the shared
// NATS are shared with the other replica test running beside this one, and an event the other
// process takes must land in the same tables (each process's own embedded database would lose it).
const database = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const group = `rt-${uniqueId()}`;
const bots = eventSource("bots");
const sockets: Socket[] = [];
let a: Running;
let b: Running;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  a = await launch(
    testSettings({
      SERVICES: "identity,chat,notifications,gateway",
      DATABASE_URL: database,
      NATS_URL: nats,
      REDIS_URL: redis,
    }),
    [identity, chat, notifications, bots.module],
    gateway({ realtimeGroup: group }),
  );
  baseA = `http://127.0.0.1:${a.port}`;
  // B reaches A's services on A's internal listener, as one gateway pod reaches service pods.
  const servicesOfA = `http://127.0.0.1:${a.internalPort}`;
  b = await launch(
    testSettings({
      SERVICES: "gateway",
      DATABASE_URL: database,
      NATS_URL: nats,
      REDIS_URL: redis,
      IDENTITY_SERVICE_URL: servicesOfA,
      CHAT_SERVICE_URL: servicesOfA,
      NOTIFICATIONS_SERVICE_URL: servicesOfA,
    }),
    [],
    gateway({ realtimeGroup: group }),
  );
  baseB = `http://127.0.0.1:${b.port}`;
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await b?.stop();
  await a?.stop();
});

describe("two gateway replicas", () => {
  it("bring a message sent through one to a socket connected to the other, exactly once", async () => {
    const alice = await register(baseA, "alice");
    const bot = await openChat(bots, baseA, alice);
    // The socket on B joins through B, whose chat.CanRead goes to A's chat service.
    const onB = await connect(baseB, alice.token, sockets);
    const onA = await connect(baseA, alice.token, sockets);
    expect(await onB.socket.emitWithAck("chat:join", bot.chatId)).toEqual({ ok: true });
    expect(await onA.socket.emitWithAck("chat:join", bot.chatId)).toEqual({ ok: true });
    const bob = await register(baseB, "bob");
    const bobOnB = await connect(baseB, bob.token, sockets);
    expect(await bobOnB.socket.emitWithAck("chat:join", bot.chatId)).toEqual({
      ok: false,
      message: "Chat not found",
    });

    for (const tempId of ["r1", "r2"]) {
      const sent = await call(baseA, "POST", `/api/chats/${bot.chatId}/messages`, alice.token, {
        content: `through A (${tempId})`,
        tempId,
      });
      expect(sent.status).toBe(201);
    }
    // r2 is the marker: once it is in, a second copy of r1 would have come before it.
    for (const s of [onB, onA])
      await eventually(async () => s.of("chat:newMessage").find((m) => m.tempId === "r2"), "r2");
    // Each replica may push one of the two, so their order on the socket is not promised.
    for (const s of [onB, onA])
      expect(
        s
          .of("chat:newMessage")
          .map((m) => [m.tempId, m.content])
          .sort(),
      ).toEqual([
        ["r1", "through A (r1)"],
        ["r2", "through A (r2)"],
      ]);

    // A notification created through B's API reaches the socket on A the same way.
    expect(
      (await call(baseB, "POST", "/api/notifications/test", alice.token, { title: "t", body: "b" })).status,
    ).toBe(201);
    const note = await eventually(async () => onA.of("notification:new")[0], "notification:new on A");
    expect(note).toMatchObject({ title: "t", body: "b", type: "system" });
    await eventually(async () => onB.of("notification:new")[0], "notification:new on B");
    expect(bobOnB.got).toEqual([]);
  }, 180_000);
});
