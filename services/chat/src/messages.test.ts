import { Code, ConnectError } from "@connectrpc/connect";
import { countRows, uniqueId, waitFor } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChat } from "../test/harness.ts";
import { createdMessages } from "../test/recorder.ts";

const failure = (p: Promise<unknown>) => p.then(() => undefined, ConnectError.from);

describe("the chat service's messages", () => {
  let t: Awaited<ReturnType<typeof startChat>>;
  beforeAll(async () => {
    t = await startChat();
  });
  afterAll(() => t?.running.stop());

  const sender = (userId: string, roles = ["user"]) => ({
    userId,
    firstname: "Dana",
    lastname: "Levi",
    email: `${userId}@example.com`,
    avatar: "3",
    roles,
  });

  it("pages: page 1 is the newest 20 in time order, page 2 the ones before, the last page short", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    for (let i = 1; i <= 25; i++)
      await t.client.sendMessage({ chatId: bot.chatId, content: `m${i}` }, t.as(user));
    const page = async (page: number, limit = 0) => {
      const r = await t.client.getChat({ chatId: bot.chatId, page, limit }, t.as(user));
      return { total: r.totalMessages, contents: r.messages.map((m) => m.content), chat: r.chat };
    };
    const first = await page(0);
    expect(first.total).toBe(25);
    expect(first.contents).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(first.chat?.lastMessage?.content).toBe("m25");
    expect((await page(2)).contents).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect((await page(3)).contents).toEqual([]);
    expect((await page(2, 10)).contents).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 6}`));
    expect((await page(1, 1000)).contents).toHaveLength(25); // at most 100 a page
  });

  it("refuses blank and over-long messages and keeps text exactly as sent", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    const send = (content: string) => t.client.sendMessage({ chatId: bot.chatId, content }, t.as(user));
    for (const blank of ["", "   \n\t "]) {
      const err = await failure(send(blank));
      expect(err?.code).toBe(Code.InvalidArgument);
      expect(err?.rawMessage).toBe("Message cannot be empty");
    }
    const long = await failure(send("א".repeat(4001)));
    expect(long?.code).toBe(Code.InvalidArgument);
    expect(long?.rawMessage).toBe("Message is too long (at most 4000 characters)");
    expect((await send(`  ${"א".repeat(4000)}  `)).message?.content).toHaveLength(4000);
    expect((await failure(send("a\u0000b")))?.code).toBe(Code.InvalidArgument);

    const html = `<script>alert("x")</script> & <b>bold</b> 'quoted'`;
    const { message } = await send(`  ${html}\n`);
    expect(message?.content).toBe(html);
    const { messages } = await t.client.getChat({ chatId: bot.chatId }, t.as(user));
    expect(messages.at(-1)?.content).toBe(html);
  });

  it("echoes the temp id, keeps the sender's snapshot and announces the message", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    const tempId = `tmp-${uniqueId()}`;
    const { message } = await t.client.sendMessage(
      {
        sender: { ...sender(user), userId: "someone-else" }, // who sent it is always the actor
        chatId: bot.chatId,
        content: "hello",
        tempId,
      },
      t.as(user),
    );
    expect(message).toMatchObject({
      type: "text",
      content: "hello",
      tempId,
      chatId: bot.chatId,
      isRead: true,
    });
    expect(message?.sender).toMatchObject({ ...sender(user) });
    const event = await waitFor(
      async () => createdMessages(t.recorder.seen).find((m) => m.message?.tempId === tempId),
      "chat.messages.created",
    );
    expect(event).toMatchObject({
      userId: user,
      unreadCount: 0,
      botId: bot.id,
      message: { id: message?.id },
    });
  });

  it("counts an admin's message unread for the owner, marks read for the owner only", async () => {
    const user = uniqueId();
    const admin = uniqueId();
    const bot = await t.openChat(user);
    await t.client.sendMessage({ chatId: bot.chatId, content: "mine" }, t.as(user));
    const { message } = await t.client.sendMessage(
      { sender: sender(admin, ["user", "admin"]), chatId: bot.chatId, content: "from the admin" },
      t.as(admin, true),
    );
    expect(message?.sender?.roles).toEqual(["user", "admin"]);
    expect(message?.isRead).toBe(false);
    const unread = async () => (await t.client.listChats({}, t.as(user))).chats[0]?.unreadCount;
    expect(await unread()).toBe(1);

    // An admin opening someone else's chat marks nothing.
    const byAdmin = await t.client.markRead({ chatId: bot.chatId }, t.as(admin, true));
    expect(byAdmin.chat?.unreadCount).toBe(1);
    expect(await unread()).toBe(1);

    const byOwner = await t.client.markRead({ chatId: bot.chatId }, t.as(user));
    expect(byOwner.chat).toMatchObject({
      unreadCount: 0,
      lastMessage: { content: "from the admin", isRead: true },
    });
    const { messages } = await t.client.getChat({ chatId: bot.chatId }, t.as(user));
    expect(messages.every((m) => m.isRead)).toBe(true);
    // The owner's unread count went out with the admin's message; chat.read only when something changed.
    const created = await waitFor(
      async () => createdMessages(t.recorder.seen).find((m) => m.message?.id === message?.id),
      "the admin's message event",
    );
    expect(created.unreadCount).toBe(1);
    await t.client.markRead({ chatId: bot.chatId }, t.as(user)); // nothing left to read
    await t.client.sendMessage({ chatId: bot.chatId, content: "again" }, t.as(admin, true));
    await t.client.markRead({ chatId: bot.chatId }, t.as(user));
    const reads = () =>
      t.recorder.seen.filter((e) => e.type === "chat.read" && e.payload.chatId === bot.chatId);
    await waitFor(async () => (reads().length >= 2 ? true : undefined), "two chat.read events");
    expect(reads()).toHaveLength(2);
    expect(reads()[0]?.payload.userId).toBe(user);
  });

  it("keeps the order messages were written in when they share a time", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    const ids: string[] = [];
    for (const content of ["first", "second", "third", "fourth"])
      ids.push((await t.client.sendMessage({ chatId: bot.chatId, content }, t.as(user))).message?.id ?? "");
    // One instant for all four, as messages written within one millisecond have on the embedded
    // database (its clock reads whole milliseconds).
    const same = await countRows(
      t.running,
      "WITH s AS (UPDATE chat.messages SET created_at = '2026-05-01T09:00:00Z' WHERE chat_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM s",
      [bot.chatId],
    );
    expect(same).toBe(4);
    const page = await t.client.getChat({ chatId: bot.chatId, page: 0, limit: 0 }, t.as(user));
    expect(page.messages.map((m) => m.content)).toEqual(["first", "second", "third", "fourth"]);
    for (const messageId of ids) await t.client.toggleStar({ chatId: bot.chatId, messageId }, t.as(user));
    const starred = await t.client.listStarred({ chatId: bot.chatId }, t.as(user));
    expect(starred.messages.map((m) => m.content)).toEqual(["first", "second", "third", "fourth"]);
  });

  it("stars messages and lists the starred ones in time order", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    const ids: string[] = [];
    for (const content of ["one", "two", "three"])
      ids.push((await t.client.sendMessage({ chatId: bot.chatId, content }, t.as(user))).message?.id ?? "");
    const star = (messageId: string) => t.client.toggleStar({ chatId: bot.chatId, messageId }, t.as(user));
    expect((await star(ids[2] as string)).message?.starred).toBe(true);
    expect((await star(ids[0] as string)).message?.starred).toBe(true);
    const starred = async () =>
      (await t.client.listStarred({ chatId: bot.chatId }, t.as(user))).messages.map((m) => m.content);
    expect(await starred()).toEqual(["one", "three"]);
    expect((await star(ids[0] as string)).message?.starred).toBe(false);
    expect(await starred()).toEqual(["three"]);

    // A message of another chat, or no message at all, is not found in this one.
    const other = await t.openChat(user);
    const elsewhere = await t.client.sendMessage({ chatId: other.chatId, content: "x" }, t.as(user));
    for (const messageId of [elsewhere.message?.id ?? "", "nope"]) {
      const err = await failure(star(messageId));
      expect(err?.code).toBe(Code.NotFound);
      expect(err?.rawMessage).toBe("Message not found");
    }
  });
});
