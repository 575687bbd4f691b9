import { create } from "@bufbuild/protobuf";
import type { EventSource } from "@dirabot/notifications/testing";
import { fetchOrVisit, uniqueId, waitFor } from "@dirabot/platform/testing";
import { BotCreated, ListingMatched } from "@dirabot/proto/events";
import { BotCreatedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import { ListingMatchedSchema } from "@dirabot/proto/events/v1/matches_pb.js";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll } from "vitest";

/** Test helpers of the realtime tests: HTTP calls, users, sockets that keep what they receive. */

// biome-ignore lint/suspicious/noExplicitAny: response bodies and socket payloads are read field by field
export type Json = Record<string, any>;

/**
 * Waits long enough for a shared NATS: other test processes' replicas of the same durables may
 * hold an event until their ack wait runs out before it comes to this one.
 */
export const eventually = <T>(fn: () => Promise<T | undefined>, what: string) => waitFor(fn, what, 60_000);

export async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetchOrVisit(`${base}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  // Read as JSON when it is JSON: a status image, say, is not.
  const text = await res.text();
  const json = (res.headers.get("content-type") ?? "").includes("json") && text ? JSON.parse(text) : null;
  return { status: res.status, body: json as Json };
}

export async function register(base: string, name: string): Promise<{ token: string; id: string }> {
  const r = await call(base, "POST", "/api/auth/register", undefined, {
    firstname: name,
    lastname: "Peretz",
    email: `${name}-${uniqueId()}@example.com`,
    password: "secret1",
  });
  if (r.status !== 201) throw new Error(`register ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.token, id: r.body.user._id };
}

export interface Client {
  socket: Socket;
  /** Everything the socket received, in order. */
  got: Array<{ event: string; data: Json }>;
  of(event: string): Json[];
}

export async function connect(base: string, token: string, sockets: Socket[]): Promise<Client> {
  const socket = io(base, { auth: { token }, transports: ["websocket"], reconnection: false });
  sockets.push(socket);
  const got: Client["got"] = [];
  socket.onAny((event: string, data: Json) => got.push({ event, data }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, got, of: (event) => got.filter((g) => g.event === event).map((g) => g.data) };
}

/** What the bots service announces when a user creates a bot: the chat service opens its chat. */
export async function openChat(bots: EventSource, base: string, owner: { token: string; id: string }) {
  const bot = { id: crypto.randomUUID(), chatId: crypto.randomUUID(), botName: `Florentin ${uniqueId()}` };
  await bots.publish(
    BotCreated,
    create(BotCreatedSchema, { bot: { ...bot, userId: owner.id, active: true, neighborhoodCodes: [205] } }),
  );
  await waitFor(
    async () =>
      (await call(base, "GET", `/api/chats/${bot.chatId}`, owner.token)).status === 200 ? true : undefined,
    "the bot's chat",
  );
  return bot;
}

/** A listing matched the bot (as the bots service announces it): chat posts an asset message. */
export async function match(
  bots: EventSource,
  ownerId: string,
  bot: { id: string; chatId: string; botName: string },
  price: number,
) {
  const listingId = crypto.randomUUID();
  await bots.publish(
    ListingMatched,
    create(ListingMatchedSchema, {
      matches: [{ botId: bot.id, userId: ownerId, chatId: bot.chatId, botName: bot.botName }],
      listing: {
        id: listingId,
        canonicalId: listingId,
        source: "yad2",
        externalId: uniqueId(),
        location: "ויטל 4, פלורנטין, תל אביב יפו",
        neighborhoodCode: 205,
        rooms: 3,
        price,
      },
    }),
  );
  return listingId;
}

/**
 * Identity, chat and notifications behind the gateway, with an admin account; the bots service
 * stood in for by its events (bot.created, listing.matched), which is all chat sees of it.
 * `sockets` collects the tests' sockets, disconnected by `stop`.
 */
export async function startRealtime() {
  const { chat } = await import("@dirabot/chat");
  const { identity } = await import("@dirabot/identity");
  const { notifications } = await import("@dirabot/notifications");
  const { eventSource } = await import("@dirabot/notifications/testing");
  const { launch } = await import("@dirabot/platform");
  const { testSettings } = await import("@dirabot/platform/testing");
  const { gateway } = await import("../src/index.ts");
  const bots = eventSource("bots");
  const admin = { email: `admin-${uniqueId()}@example.com`, password: "admin-pass-1" };
  const running = await launch(
    testSettings({
      SERVICES: "identity,chat,notifications,gateway",
      REDIS_URL: process.env.TEST_REDIS_URL,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    }),
    [identity, chat, notifications, bots.module],
    gateway({ realtimeGroup: `rt-${uniqueId()}` }),
  );
  const sockets: Socket[] = [];
  return {
    running,
    base: `http://127.0.0.1:${running.port}`,
    bots,
    admin,
    sockets,
    async stop() {
      for (const s of sockets) s.disconnect();
      await running.stop();
    },
  };
}

/** The realtime product for one test file: started before its tests, stopped after them. */
export function realtimeForFile(): Awaited<ReturnType<typeof startRealtime>> {
  const product = {} as Awaited<ReturnType<typeof startRealtime>>;
  beforeAll(async () => {
    Object.assign(product, await startRealtime());
  }, 60_000);
  afterAll(async () => product.stop?.());
  return product;
}
