import { createClient } from "@connectrpc/connect";
import { bots } from "@dirabot/bots";
import { chat } from "@dirabot/chat";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { notifications } from "@dirabot/notifications";
import { launch, type Running } from "@dirabot/platform";
import { testSettings, trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, connect, eventually, register } from "../test/realtime-testkit.ts";
import { gateway } from "./index.ts";

/**
 * From a listing to the sockets with every service real: a bot set up through the API, a
 * listing ingested by the listings service, matched by bots, posted by chat, announced by
 * notifications, pushed by the gateway to the owner's socket and to nobody else's.
 */
let running: Running;
let base: string;
const sockets: Socket[] = [];
// A price band no other run's listing falls into, so only this run's listing matches the bot.
const price = 7000 + Math.floor(Math.random() * 400) * 10 + 7;
const shekels = `₪${price.toLocaleString("en-US")}`;
const FLORENTIN = { code: 205, lat: 32.0565, lon: 34.77 };

beforeAll(async () => {
  running = await launch(
    testSettings({
      SERVICES: "identity,listings,bots,chat,notifications,gateway",
      REDIS_URL: process.env.TEST_REDIS_URL,
    }),
    [identity, listings, bots, chat, notifications],
    gateway({ realtimeGroup: `rt-${uniqueId()}` }),
  );
  base = `http://127.0.0.1:${running.port}`;
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await running?.stop();
});

describe("a matching listing on the sockets", () => {
  it("reaches its bot owner's socket as a message, an unread count and a notification; nobody else's", async () => {
    const [alice, bob] = [await register(base, "alice"), await register(base, "bob")];
    const created = await call(base, "POST", "/api/requests/website-create", alice.token, {
      botName: "Florentin hunt",
      description: "3 rooms",
    });
    expect(created.status).toBe(201);
    const { _id: botId, chatId } = created.body;
    const set = await call(base, "PATCH", `/api/requests/${botId}`, alice.token, {
      isActive: true,
      neighborhoodCodes: [FLORENTIN.code],
      priceLimit: [price - 1, price + 1],
      rooms: 2,
      merchant: false,
    });
    expect(set.status).toBe(200);
    const a = await connect(base, alice.token, sockets);
    const b = await connect(base, bob.token, sockets);
    expect(await a.socket.emitWithAck("chat:join", chatId)).toEqual({ ok: true });
    expect(await b.socket.emitWithAck("chat:join", chatId)).toEqual({ ok: false, message: "Chat not found" });

    // The listings service as a scraper reaches it: the internal listener, with a credential.
    const ingest = createClient(ListingsService, trustedTransport(running));
    const externalId = `rt-${uniqueId()}`;
    await ingest.ingest({
      listings: [
        {
          source: "yad2",
          externalId,
          lat: FLORENTIN.lat,
          lon: FLORENTIN.lon,
          street: "ויטל",
          houseNumber: "4",
          city: "תל אביב יפו",
          rooms: 3,
          price,
          merchant: false,
          link: `https://example.com/${externalId}`,
        },
      ],
    });
    const message = await eventually(
      async () => a.of("chat:newMessage").find((m) => m.asset?.link?.includes(externalId)),
      "the match on alice's socket",
    );
    expect(message).toMatchObject({ chatId, type: "asset", sender: "bot", asset: { price, rooms: 3 } });
    expect(message.unreadCount).toBeGreaterThanOrEqual(1);
    const note = await eventually(
      async () =>
        a
          .of("notification:new")
          .find((n) => n.url === `/chats/${chatId}?message=${message._id}` && n.body.includes(shekels)),
      "notification:new",
    );
    expect(note).toMatchObject({ type: "property_match", title: "New match: Florentin hunt", isRead: false });
    // The match carries its listing, on the socket and in the list: a click opens the flat's story.
    expect(note.listingId).toBe(message.asset._id);
    const listed = await call(base, "GET", "/api/notifications", alice.token);
    expect(listed.body.notifications.find((n: { _id: string }) => n._id === note._id)).toEqual(note);
    expect(b.got).toEqual([]);
  }, 180_000);
});
