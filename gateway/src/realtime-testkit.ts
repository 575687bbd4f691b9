import { create } from "@bufbuild/protobuf";
import { BotCreatedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import { ListingMatchedSchema } from "@dirabot/proto/events/v1/matches_pb.js";
import { io, type Socket } from "socket.io-client";
import type { EventSource } from "../../services/notifications/test/event-source.ts";
import { uniqueId, waitFor } from "../../services/platform/test/helpers.ts";
import { fetchOrVisit } from "../../services/platform/test/visitor.ts";

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
    "bot.created",
    BotCreatedSchema,
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
    "listing.matched",
    ListingMatchedSchema,
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
