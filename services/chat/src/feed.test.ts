import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { countRows, uniqueId, waitFor } from "@dirabot/platform/testing";
import { BotCreated, BotDeleted, BotUpdated, ListingMatched } from "@dirabot/proto/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listing, matchedEvent, startChat } from "../test/harness.ts";
import { createdMessages } from "../test/recorder.ts";

describe("the chat service's reaction to the bots events", () => {
  let t: Awaited<ReturnType<typeof startChat>>;
  beforeAll(async () => {
    t = await startChat();
  });
  afterAll(() => t?.running.stop());

  const chatsOf = async (userId: string) => (await t.client.listChats({}, t.as(userId))).chats;

  it("opens the bot's chat from bot.created and follows the bot's name", async () => {
    const user = uniqueId();
    const bot = t.bots.bot(user, { botName: "דירה בפלורנטין" });
    await t.bots.emit(BotCreated, { bot });
    const [opened] = await waitFor(
      async () => ((await chatsOf(user)).length ? chatsOf(user) : undefined),
      "chat",
    );
    expect(opened).toMatchObject({
      id: bot.chatId,
      botId: bot.id,
      botName: "דירה בפלורנטין",
      userId: user,
      unreadCount: 0,
      favorite: false,
    });
    expect(opened?.lastMessage).toBeUndefined();

    const renamed = { ...bot, botName: "renamed", updatedAt: timestampFromDate(new Date(Date.now() + 1000)) };
    await t.bots.emit(BotUpdated, { bot: renamed });
    await waitFor(
      async () => ((await chatsOf(user))[0]?.botName === "renamed" ? true : undefined),
      "new name",
    );
    // An older bot.updated arriving late (a redelivery after a failure) does not take the name back.
    const stale = {
      ...bot,
      botName: "stale",
      updatedAt: timestampFromDate(new Date(Date.now() - 3_600_000)),
    };
    await t.bots.emit(BotUpdated, { bot: stale });
    await t.match(bot, listing()); // published after the stale update: once it shows, that was applied
    await waitFor(async () => ((await chatsOf(user))[0]?.lastMessage ? true : undefined), "the match");
    expect((await chatsOf(user))[0]?.botName).toBe("renamed");
  });

  it("turns a match into one asset message, however often it arrives and from however many sources", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    const first = listing({ price: 6500, rooms: 3 });
    // The same event twice (a relay that crashed before marking it published) ...
    await t.bots.emitTwice(ListingMatched, matchedEvent([bot], first));
    await waitFor(
      async () => ((await chatsOf(user))[0]?.lastMessage ? true : undefined),
      "the first message",
    );
    // ... and the same flat from another source (same duplicate group), as a second match.
    await t.match(bot, listing({ canonicalId: first.canonicalId, price: 6400 }));
    const other = listing({ price: 7000, rooms: 4, location: "שינקין 10, לב העיר, תל אביב יפו" });
    await t.match(bot, other);

    const page = await waitFor(async () => {
      const r = await t.client.getChat({ chatId: bot.chatId }, t.as(user));
      return r.messages.some((m) => m.asset?.id === other.id) ? r : undefined;
    }, "the second listing's message");
    expect(page.totalMessages).toBe(2);
    expect(page.messages.map((m) => m.asset?.id)).toEqual([first.id, other.id]);
    const [m1] = page.messages;
    expect(m1).toMatchObject({ type: "asset", content: "ויטל 4, פלורנטין, תל אביב יפו · 3 rooms · ₪6,500" });
    expect(m1?.sender).toBeUndefined(); // the bot sent it
    expect(m1?.asset).toMatchObject({ price: 6500, rooms: 3, link: first.link, images: first.images });
    expect(page.chat).toMatchObject({ unreadCount: 2, lastMessage: { asset: { id: other.id } } });

    // chat.messages.created announced each message once, with the owner's unread count after it.
    const created = await waitFor(async () => {
      const seen = createdMessages(t.recorder.seen).filter((m) => m.userId === user);
      return seen.length >= 2 ? seen : undefined;
    }, "two announced messages");
    expect(created).toHaveLength(2);
    expect(created.map((m) => m.unreadCount).sort()).toEqual([1, 2]);
    expect(created[0]).toMatchObject({
      botId: bot.id,
      botName: bot.botName,
      message: { type: "asset" },
    });
  });

  it("posts a listing's first matches from their own subject and announces them on theirs", async () => {
    const user = uniqueId();
    const [first, later] = [await t.openChat(user), await t.openChat(user)];
    const flat = listing();
    // As the bots service sends a listing's matches: the first few on `listing.matched.first`,
    // the rest on `listing.matched`.
    await t.bots.emit(ListingMatched.lanes.first, matchedEvent([first], flat));
    await t.bots.emit(ListingMatched, matchedEvent([later], flat));
    await waitFor(async () => {
      const chats = await chatsOf(user);
      return chats.length === 2 &&
        chats.every((c) => c.lastMessage?.asset?.id === flat.id && c.unreadCount === 1)
        ? true
        : undefined;
    }, "the listing in both chats");
    const announced = (type: string) =>
      waitFor(
        async () => t.recorder.seen.find((e) => e.type === type && e.payload.asset?.id === flat.id),
        type,
      );
    const chatsIn = (e: { payload: { messages: { message: { chatId: string } }[] } }) =>
      e.payload.messages.map((m) => m.message.chatId);
    expect(chatsIn(await announced("messages.created.first"))).toEqual([first.chatId]);
    expect(chatsIn(await announced("messages.created"))).toEqual([later.chatId]);
  });

  it("posts the same listing in every chat whose bot matched it", async () => {
    const user = uniqueId();
    const [one, two] = [await t.openChat(user), await t.openChat(user)];
    const flat = listing();
    await t.matchAll([one, two], flat);
    await waitFor(async () => {
      const chats = await chatsOf(user);
      return chats.length === 2 && chats.every((c) => c.lastMessage?.asset?.id === flat.id)
        ? true
        : undefined;
    }, "the listing in both chats");
    // Both messages travel in one event, each with its own chat and owner, and the listing
    // they show once beside them rather than a copy in each.
    const event = await waitFor(
      async () =>
        t.recorder.seen.find((e) => e.type === "messages.created" && e.payload.asset?.id === flat.id),
      "the listing's messages.created",
    );
    expect(event.payload.backfill).toBe(false);
    expect(event.payload.asset.price).toBe(flat.price);
    expect(event.payload.messages.map((m: { message: { asset?: unknown } }) => m.message.asset)).toEqual([
      undefined,
      undefined,
    ]);
    expect(
      event.payload.messages.map((m: { message: { chatId: string } }) => m.message.chatId).sort(),
    ).toEqual([one.chatId, two.chatId].sort());
    expect(event.payload.messages.map((m: { userId: string }) => m.userId)).toEqual([user, user]);
  });

  it("opens the chat from a match that arrives before bot.created", async () => {
    const user = uniqueId();
    const bot = t.bots.bot(user, { botName: "early" });
    await t.match(bot, listing());
    const [c] = await waitFor(async () => ((await chatsOf(user)).length ? chatsOf(user) : undefined), "chat");
    expect(c).toMatchObject({ id: bot.chatId, botId: bot.id, botName: "early", unreadCount: 1 });
    expect(c?.lastMessage?.type).toBe("asset");
    // bot.created applied afterwards keeps the message and brings the name.
    await t.bots.emit(BotCreated, { bot: { ...bot, botName: "from the bot" } });
    await waitFor(
      async () => ((await chatsOf(user))[0]?.botName === "from the bot" ? true : undefined),
      "name",
    );
    expect((await chatsOf(user))[0]?.unreadCount).toBe(1);
  });

  it("removes the chat and its messages with bot.deleted, and a late match does not bring it back", async () => {
    const user = uniqueId();
    const bot = await t.openChat(user);
    await t.match(bot, listing());
    await waitFor(async () => ((await chatsOf(user))[0]?.lastMessage ? true : undefined), "message");
    await t.bots.emit(BotDeleted, { botId: bot.id, userId: user, chatId: bot.chatId });
    await waitFor(async () => ((await chatsOf(user)).length === 0 ? true : undefined), "chat gone");
    // Gone from the database too, not only from the API (no foreign key deletes them: chat 0005).
    expect(
      await countRows(t.running, "SELECT count(*)::int AS n FROM chat.messages WHERE chat_id = $1", [
        bot.chatId,
      ]),
    ).toBe(0);
    const err = await t.client
      .getChat({ chatId: bot.chatId }, t.as(user))
      .then(() => undefined, ConnectError.from);
    expect(err?.code).toBe(Code.NotFound);

    await t.match(bot, listing());
    const later = await t.openChat(user); // sent after the late match; its chat shows the match was handled
    await t.match(later, listing());
    await waitFor(
      async () => ((await chatsOf(user))[0]?.lastMessage ? true : undefined),
      "the other chat's message",
    );
    expect((await chatsOf(user)).map((c) => c.id)).toEqual([later.chatId]);
  });

  it("a match on facts learnt late is a message like any other, not counted in the source's freshness", async () => {
    const user = uniqueId();
    const [late, live] = [await t.openChat(user), await t.openChat(user)];
    const posted = { postedAt: timestampFromDate(new Date(Date.now() - 600_000)) };
    const [lateFlat, liveFlat] = [Object.assign(listing(), posted), Object.assign(listing(), posted)];
    await t.bots.emit(ListingMatched, {
      ...matchedEvent([late], lateFlat),
      lateFacts: true,
    });
    await t.match(live, liveFlat);
    await waitFor(async () => {
      const chats = await chatsOf(user);
      return chats.length === 2 && chats.every((c) => c.unreadCount === 1) ? true : undefined;
    }, "both matches in their chats");
    const delivered = (canonical: string, live: boolean) =>
      countRows(
        t.running,
        "SELECT count(*)::int AS n FROM chat.first_deliveries WHERE canonical_id = $1 AND live = $2",
        [canonical, live],
      );
    expect(await delivered(lateFlat.canonicalId, false)).toBe(1);
    expect(await delivered(liveFlat.canonicalId, true)).toBe(1);
  });
});
