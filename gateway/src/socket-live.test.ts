import { describe, expect, it } from "vitest";
import {
  call,
  connect,
  eventually,
  type Json,
  match,
  openChat,
  realtimeForFile,
  register,
} from "../test/realtime-testkit.ts";

/**
 * The websocket against the real chat and notifications services: a bot's match reaches its
 * owner's socket as a message, an unread count and a notification; nobody else's. The bots
 * service is stood in for by its events (bot.created, listing.matched), which is all chat sees of it.
 */
const p = realtimeForFile();

describe("the realtime socket", () => {
  it("delivers a match to the owner's joined socket, with its unread count and notification", async () => {
    const alice = await register(p.base, "alice");
    const bot = await openChat(p.bots, p.base, alice);
    const a = await connect(p.base, alice.token, p.sockets);
    expect(await a.socket.emitWithAck("chat:join", bot.chatId)).toEqual({ ok: true });

    await match(p.bots, alice.id, bot, 6400);
    const message = await eventually(async () => a.of("chat:newMessage")[0], "chat:newMessage");
    expect(message).toMatchObject({
      chatId: bot.chatId,
      type: "asset",
      sender: "bot",
      asset: { price: 6400, rooms: 3 },
      unreadCount: 1, // the owner's unread count in the chat rides with the message
    });
    // The notification stored for her, and the same one (by id) on her socket. On CI's shared
    // NATS another test process's notifications service may announce a copy from its own tables.
    const listed = await eventually(async () => {
      const got = (await call(p.base, "GET", "/api/notifications", alice.token)).body.notifications;
      return got.length > 0 ? (got as Json[]) : undefined;
    }, "the stored notification");
    expect(listed).toHaveLength(1);
    const note = await eventually(
      async () => a.of("notification:new").find((n) => n._id === listed[0]?._id),
      "notification:new",
    );
    expect(note).toMatchObject({
      type: "property_match",
      title: `New match: ${bot.botName}`,
      body: "ויטל 4, פלורנטין, תל אביב יפו · 3 rooms · ₪6,400",
      // The bot's chat, opened at the match.
      url: `/chats/${bot.chatId}?message=${message._id}`,
      isRead: false,
    });

    // The owner's own message comes back with its tempId; opening the chat zeroes the count.
    const sent = await call(p.base, "POST", `/api/chats/${bot.chatId}/messages`, alice.token, {
      content: "is it still free?",
      tempId: "tmp-1",
    });
    expect(sent.status).toBe(201);
    const echo = await eventually(
      async () => a.of("chat:newMessage").find((m) => m.tempId === "tmp-1"),
      "the echo",
    );
    expect(echo).toMatchObject({ _id: sent.body._id, chatId: bot.chatId, content: "is it still free?" });
    expect((await call(p.base, "POST", `/api/chats/${bot.chatId}/read`, alice.token)).status).toBe(200);
    await eventually(
      async () => a.of("chat:unread").find((u) => u.unreadCount === 0 && u.chatId === bot.chatId),
      "chat:unread 0",
    );
    expect(a.of("chat:newMessage").map((m) => m._id)).toEqual([message._id, sent.body._id]);
  }, 180_000);

  it("refuses another user's join and tells them nothing of that chat; an admin may join", async () => {
    const [alice, bob] = [await register(p.base, "alice"), await register(p.base, "bob")];
    const bot = await openChat(p.bots, p.base, alice);
    const b = await connect(p.base, bob.token, p.sockets);
    const refused = { ok: false, message: "Chat not found" };
    expect(await b.socket.emitWithAck("chat:join", bot.chatId)).toEqual(refused);
    expect(await b.socket.emitWithAck("chat:join", { chatId: bot.chatId })).toEqual(refused);
    expect(await b.socket.emitWithAck("chat:join", crypto.randomUUID())).toEqual(refused);

    const login = await call(p.base, "POST", "/api/auth/login", undefined, p.admin);
    const admin = await connect(p.base, login.body.token, p.sockets);
    expect(await admin.socket.emitWithAck("chat:join", bot.chatId)).toEqual({ ok: true });

    const a = await connect(p.base, alice.token, p.sockets);
    await match(p.bots, alice.id, bot, 5100);
    await eventually(async () => a.of("notification:new")[0], "alice's notification");
    await eventually(async () => admin.of("chat:newMessage")[0], "the admin's copy");
    // Alice's socket never joined: her own room still brings her chat's news.
    expect(a.of("chat:newMessage")).toHaveLength(1);
    // A later event to Bob himself proves his socket was live all along.
    await call(p.base, "POST", "/api/notifications/test", bob.token, { title: "ping", body: "pong" });
    await eventually(async () => b.of("notification:new")[0], "bob's own notification");
    expect(b.got.map((g) => g.event)).toEqual(["notification:new"]);
    expect(admin.of("notification:new")).toEqual([]);
  }, 180_000);
});
