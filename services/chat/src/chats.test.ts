import { randomUUID } from "node:crypto";
import { Code, ConnectError } from "@connectrpc/connect";
import { uniqueId } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChat } from "../test/harness.ts";

const failure = (p: Promise<unknown>) => p.then(() => undefined, ConnectError.from);

describe("the chat service's chats", () => {
  let t: Awaited<ReturnType<typeof startChat>>;
  beforeAll(async () => {
    t = await startChat();
  });
  afterAll(() => t?.running.stop());

  it("lists the actor's chats, last message newest first, chats without messages last", async () => {
    const user = uniqueId();
    const [quiet, older, newer] = [await t.openChat(user), await t.openChat(user), await t.openChat(user)];
    await t.client.sendMessage({ chatId: older.chatId, content: "first" }, t.as(user));
    await t.client.sendMessage({ chatId: newer.chatId, content: "second" }, t.as(user));
    const { chats } = await t.client.listChats({}, t.as(user));
    expect(chats.map((c) => c.id)).toEqual([newer.chatId, older.chatId, quiet.chatId]);
    expect(chats.map((c) => c.lastMessage?.content)).toEqual(["second", "first", undefined]);
    expect((await t.client.listChats({}, t.as(uniqueId()))).chats).toEqual([]);
  });

  it("creates a chat: the bot's existing one, or one from the bots service before bot.created arrived", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    const again = await t.client.createChat({ botId: bot.id }, t.as(user));
    expect(again.chat).toMatchObject({ id: bot.chatId, botId: bot.id });

    const unannounced = t.bots.bot(user, { botName: "not announced yet" });
    const { chat } = await t.client.createChat({ botId: unannounced.id }, t.as(user));
    expect(chat).toMatchObject({
      id: unannounced.chatId,
      botName: "not announced yet",
      userId: user,
      unreadCount: 0,
    });
    expect((await t.client.listChats({}, t.as(user))).chats.map((c) => c.id)).toContain(unannounced.chatId);

    // The bots service's NOT_FOUND passes through: an unknown bot, another user's bot, a malformed id.
    const stranger = t.bots.bot(uniqueId());
    for (const botId of [randomUUID(), stranger.id, "nope"]) {
      const err = await failure(t.client.createChat({ botId }, t.as(user)));
      expect(err?.code).toBe(Code.NotFound);
    }
  });

  it("toggles a chat's favourite flag", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    const fav = () => t.client.toggleFavorite({ chatId: bot.chatId }, t.as(user));
    expect((await fav()).chat?.favorite).toBe(true);
    expect((await t.client.listChats({}, t.as(user))).chats[0]?.favorite).toBe(true);
    expect((await fav()).chat?.favorite).toBe(false);
  });

  it("groups every chat by owner for admins only", async () => {
    const [a, b] = [uniqueId(), uniqueId()];
    const [a1, a2, b1] = [await t.openChat(a), await t.openChat(a), await t.openChat(b)];
    const err = await failure(t.client.listAllGrouped({}, t.as(a)));
    expect(err?.code).toBe(Code.PermissionDenied);
    expect(err?.rawMessage).toBe("Admin access required");
    const { groups } = await t.client.listAllGrouped({}, t.as(uniqueId(), true));
    const of = (user: string) =>
      groups
        .find((g) => g.userId === user)
        ?.chats.map((c) => c.id)
        .sort();
    expect(of(a)).toEqual([a1.chatId, a2.chatId].sort());
    expect(of(b)).toEqual([b1.chatId]);
  });

  it("keeps user B out of user A's chat everywhere, exactly as an unknown chat; admins reach it", async () => {
    const [a, b] = [uniqueId(), uniqueId()];
    const bot = await t.openChat(a);
    const { message } = await t.client.sendMessage({ chatId: bot.chatId, content: "private" }, t.as(a));
    const messageId = message?.id ?? "";
    const calls = (chatId: string) => {
      const asB = t.as(b);
      return {
        getChat: () => t.client.getChat({ chatId }, asB),
        sendMessage: () => t.client.sendMessage({ chatId, content: "hi" }, asB),
        markRead: () => t.client.markRead({ chatId }, asB),
        toggleStar: () => t.client.toggleStar({ chatId, messageId }, asB),
        toggleFavorite: () => t.client.toggleFavorite({ chatId }, asB),
        listStarred: () => t.client.listStarred({ chatId }, asB),
      };
    };
    for (const chatId of [bot.chatId, randomUUID(), "not-a-uuid"])
      for (const [name, call] of Object.entries(calls(chatId))) {
        const err = await failure(call());
        expect([name, err?.code, err?.rawMessage]).toEqual([name, Code.NotFound, "Chat not found"]);
      }
    expect((await failure(t.client.createChat({ botId: bot.id }, t.as(b))))?.code).toBe(Code.NotFound);
    expect((await t.client.canRead({ chatId: bot.chatId }, t.as(b))).allowed).toBe(false);
    expect((await t.client.canRead({ chatId: "not-a-uuid" }, t.as(a))).allowed).toBe(false);
    expect((await t.client.listChats({}, t.as(b))).chats).toEqual([]);

    // Nothing B tried changed A's chat.
    const seen = await t.client.getChat({ chatId: bot.chatId }, t.as(a));
    expect(seen.messages.map((m) => [m.content, m.starred])).toEqual([["private", false]]);
    expect(seen.chat?.favorite).toBe(false);

    const admin = t.as(uniqueId(), true);
    expect((await t.client.canRead({ chatId: bot.chatId }, admin)).allowed).toBe(true);
    expect((await t.client.getChat({ chatId: bot.chatId }, admin)).messages).toHaveLength(1);
    expect((await t.client.canRead({ chatId: randomUUID() }, admin)).allowed).toBe(false);
  });

  it("asks who is acting", async () => {
    const err = await failure(t.client.listChats({}));
    expect(err?.code).toBe(Code.Unauthenticated);
  });
});
