import { describe, expect, it } from "vitest";
import {
  call,
  connect,
  eventually,
  match,
  openChat,
  realtimeForFile,
  register,
} from "../test/realtime-testkit.ts";

/**
 * Votes and read marks on the websocket, against the real chat service: a vote reaches every
 * open page of the chat at once (two sockets of the owner, an admin who joined), a read mark
 * too, and nobody who is not in the chat's room.
 */
const p = realtimeForFile();

describe("votes on the socket", () => {
  it("sends a vote and a read mark to every socket of the chat, and to no one else", async () => {
    const [alice, bob] = [await register(p.base, "alice"), await register(p.base, "bob")];
    const bot = await openChat(p.bots, p.base, alice);
    const [phone, laptop, stranger] = [
      await connect(p.base, alice.token, p.sockets),
      await connect(p.base, alice.token, p.sockets),
      await connect(p.base, bob.token, p.sockets),
    ];
    const login = await call(p.base, "POST", "/api/auth/login", undefined, p.admin);
    const admin = await connect(p.base, login.body.token, p.sockets);
    for (const s of [phone, laptop, admin])
      expect(await s.socket.emitWithAck("chat:join", bot.chatId)).toEqual({ ok: true });

    await match(p.bots, alice.id, bot, 7200);
    const m = await eventually(async () => laptop.of("chat:newMessage")[0], "the match");
    expect(m).toMatchObject({ votes: [], seenBy: [], replies: [], folded: false });

    const voted = await call(p.base, "PUT", `/api/chats/${bot.chatId}/messages/${m._id}/vote`, alice.token, {
      vote: "up",
      note: "Sunny, near the park",
    });
    expect(voted.status).toBe(200);
    for (const s of [phone, laptop, admin]) {
      const marks = await eventually(async () => s.of("chat:marks")[0], "chat:marks");
      expect(marks).toEqual({
        chatId: bot.chatId,
        messageId: m._id,
        votes: [{ userId: alice.id, vote: "up", note: "Sunny, near the park", fullname: expect.any(String) }],
        replies: [],
        folded: false,
      });
    }

    expect((await call(p.base, "POST", `/api/chats/${bot.chatId}/read`, alice.token)).status).toBe(200);
    const seen = await eventually(async () => laptop.of("chat:seen")[0], "chat:seen");
    expect(seen).toMatchObject({ chatId: bot.chatId, mark: { userId: alice.id, upTo: expect.any(String) } });
    await eventually(async () => admin.of("chat:seen")[0], "the admin's chat:seen");

    // Bob's socket was live all along, and heard nothing of Alice's chat.
    await call(p.base, "POST", "/api/notifications/test", bob.token, { title: "ping", body: "pong" });
    await eventually(async () => stranger.of("notification:new")[0], "bob's own notification");
    expect(stranger.got.map((g) => g.event)).toEqual(["notification:new"]);
  }, 180_000);
});
