import { Code, ConnectError } from "@connectrpc/connect";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import type { Bot } from "@dirabot/proto/bots/v1/bots_pb.js";
import { BotMemberAdded, BotMemberRemoved } from "@dirabot/proto/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listing, startChat } from "../test/harness.ts";
import { createdMessages } from "../test/recorder.ts";

const failure = (p: Promise<unknown>) => p.then(() => undefined, ConnectError.from);

describe("a shared bot's chat: its members", () => {
  let t: Awaited<ReturnType<typeof startChat>>;
  beforeAll(async () => {
    t = await startChat();
  });
  afterAll(() => t?.running.stop());

  const member = (bot: Bot, userId: string) => ({
    botId: bot.id,
    chatId: bot.chatId,
    ownerId: bot.userId,
    userId,
  });
  async function shared() {
    const [owner, guest] = [uniqueId(), uniqueId()];
    const bot = await t.openChat(owner);
    await t.bots.emit(BotMemberAdded, member(bot, guest));
    await waitFor(
      async () => ((await t.client.canRead({ chatId: bot.chatId }, t.as(guest))).allowed ? true : undefined),
      "the member in",
    );
    return { owner, guest, bot };
  }

  it("lets a member read the shared chat, and nothing else of the owner's", async () => {
    const { owner, guest, bot } = await shared();
    const other = await t.openChat(owner);
    await t.client.sendMessage({ chatId: other.chatId, content: "owner only" }, t.as(owner));
    const { chats } = await t.client.listChats({}, t.as(guest));
    expect(chats.map((c) => [c.id, c.userId, c.memberIds])).toEqual([[bot.chatId, owner, [guest]]]);
    expect((await t.client.getChat({ chatId: bot.chatId }, t.as(guest))).chat?.id).toBe(bot.chatId);
    for (const call of [
      () => t.client.getChat({ chatId: other.chatId }, t.as(guest)),
      () => t.client.listStarred({ chatId: other.chatId }, t.as(guest)),
      () => t.client.markRead({ chatId: other.chatId }, t.as(guest)),
      () => t.client.sendMessage({ chatId: other.chatId, content: "hi" }, t.as(guest)),
    ])
      expect((await failure(call()))?.code).toBe(Code.NotFound);
    expect((await t.client.canRead({ chatId: other.chatId }, t.as(guest))).allowed).toBe(false);
    // The favourite mark is the owner's.
    const fav = await failure(t.client.toggleFavorite({ chatId: bot.chatId }, t.as(guest)));
    expect(fav?.code).toBe(Code.PermissionDenied);
  });

  it("tells each member of a match once, with their own unread count; read and stars are each person's", async () => {
    const { owner, guest, bot } = await shared();
    const flat = listing();
    await t.match(bot, flat);
    const entries = await waitFor(async () => {
      const seen = createdMessages(t.recorder.seen).filter((m) => m.message?.chatId === bot.chatId);
      return seen.length >= 2 ? seen : undefined;
    }, "the owner's and the member's entries");
    expect(entries.map((e) => [e.userId, e.member, e.unreadCount])).toEqual([
      [owner, false, 1],
      [guest, true, 1],
    ]);
    const messageId = entries[0]?.message?.id ?? "";

    await t.client.markRead({ chatId: bot.chatId }, t.as(guest));
    const unread = async (who: string) =>
      (await t.client.listChats({}, t.as(who))).chats.find((c) => c.id === bot.chatId)?.unreadCount;
    expect(await unread(guest)).toBe(0);
    expect(await unread(owner)).toBe(1);

    const starred = await t.client.toggleStar({ chatId: bot.chatId, messageId }, t.as(guest));
    expect(starred.message?.starred).toBe(true);
    expect(
      (await t.client.listStarred({ chatId: bot.chatId }, t.as(guest))).messages.map((m) => m.id),
    ).toEqual([messageId]);
    expect((await t.client.listStarred({ chatId: bot.chatId }, t.as(owner))).messages).toEqual([]);
    const page = async (who: string) =>
      (await t.client.getChat({ chatId: bot.chatId }, t.as(who))).messages.find((m) => m.id === messageId);
    expect((await page(guest))?.starred).toBe(true);
    expect((await page(owner))?.starred).toBe(false);

    // A member's message counts unread for the owner, not for its writer.
    await t.client.sendMessage({ chatId: bot.chatId, content: "I called" }, t.as(guest));
    expect(await unread(owner)).toBe(2);
    expect(await unread(guest)).toBe(0);
  });

  it("counts a member among the chat's people: they vote, and a flat folds only when all turn it down", async () => {
    const { owner, guest, bot } = await shared();
    const flat = listing();
    await t.match(bot, flat);
    const messageId = await waitFor(async () => {
      const page = await t.client.getChat({ chatId: bot.chatId }, t.as(guest));
      return page.messages.find((m) => m.asset?.id === flat.id)?.id;
    }, "the match");
    const down = (who: string) =>
      t.client.vote({ chatId: bot.chatId, messageId, vote: "down", note: "" }, t.as(who));
    const first = await down(guest);
    expect(first.message?.votes.map((v) => v.userId)).toEqual([guest]);
    expect(first.message?.folded).toBe(false);
    expect((await down(owner)).message?.folded).toBe(true);
    // Reading marks the member as having seen it.
    await t.client.markRead({ chatId: bot.chatId }, t.as(guest));
    const page = await t.client.getChat({ chatId: bot.chatId }, t.as(owner));
    expect(page.messages.find((m) => m.id === messageId)?.seenBy).toContain(guest);
  });

  it("shuts a removed member out at once: no reading, no joining, no more matches", async () => {
    const { owner, guest, bot } = await shared();
    await t.bots.emit(BotMemberRemoved, member(bot, guest));
    await waitFor(
      async () => ((await t.client.canRead({ chatId: bot.chatId }, t.as(guest))).allowed ? undefined : true),
      "the member out",
    );
    expect((await failure(t.client.getChat({ chatId: bot.chatId }, t.as(guest))))?.code).toBe(Code.NotFound);
    expect((await t.client.listChats({}, t.as(guest))).chats).toEqual([]);
    const flat = listing();
    await t.match(bot, flat);
    await waitFor(async () => {
      const seen = createdMessages(t.recorder.seen).filter(
        (m) => m.message?.chatId === bot.chatId && m.message.asset?.id === flat.id,
      );
      return seen.length ? seen : undefined;
    }, "the match announced");
    const after = createdMessages(t.recorder.seen).filter((m) => m.message?.chatId === bot.chatId);
    expect(after.map((m) => m.userId)).toEqual([owner]);
  });
});
