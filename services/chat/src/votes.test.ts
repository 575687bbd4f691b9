import { Code, ConnectError } from "@connectrpc/connect";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import type { Bot } from "@dirabot/proto/bots/v1/bots_pb.js";
import { ChatMessageMarked, ChatSeen } from "@dirabot/proto/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listing, startChat } from "../test/harness.ts";

const failure = (p: Promise<unknown>) => p.then(() => undefined, ConnectError.from);

describe("votes, quick replies and who saw a match", () => {
  let t: Awaited<ReturnType<typeof startChat>>;
  beforeAll(async () => {
    t = await startChat();
  });
  afterAll(() => t?.running.stop());

  const person = (userId: string, firstname = "Dana") => ({
    userId,
    firstname,
    lastname: "Levi",
    email: `${userId}@example.com`,
    avatar: "3",
    roles: ["user"],
  });

  /** A chat with `n` matches; answers the bot and the matches' message ids, oldest first. */
  async function chatWithMatches(user: string, n: number): Promise<{ bot: Bot; ids: string[] }> {
    const bot = await t.openChat(user);
    for (let i = 0; i < n; i++) {
      await t.match(bot, listing({ price: 6000 + i }));
      await waitFor(
        async () => {
          const r = await t.client.getChat({ chatId: bot.chatId }, t.as(user));
          return r.messages.filter((m) => m.type === "asset").length === i + 1 ? true : undefined;
        },
        `match ${i + 1}`,
      );
    }
    const r = await t.client.getChat({ chatId: bot.chatId }, t.as(user));
    return { bot, ids: r.messages.map((m) => m.id) };
  }

  it("keeps one vote per member: a new one replaces it, an empty one takes it back", async () => {
    const user = uniqueId();
    const { bot, ids } = await chatWithMatches(user, 1);
    const messageId = ids[0] as string;
    const vote = (v: string, note = "") =>
      t.client.vote({ chatId: bot.chatId, messageId, vote: v, note, voter: person(user) }, t.as(user));
    const up = await vote("up", "  Quiet street, big balcony ");
    expect(up.message?.votes).toEqual([
      expect.objectContaining({
        userId: user,
        vote: "up",
        note: "Quiet street, big balcony",
        fullname: "Dana Levi",
      }),
    ]);
    const down = await vote("down", "too far");
    expect(down.message?.votes).toHaveLength(1);
    expect(down.message?.votes[0]).toMatchObject({ vote: "down", note: "too far" });
    expect(down.message?.folded).toBe(true); // every member (the owner alone) turned it down
    const back = await vote("", "ignored");
    expect(back.message?.votes).toEqual([]);
    expect(back.message?.folded).toBe(false);
    const page = await t.client.getChat({ chatId: bot.chatId }, t.as(user));
    expect(page.messages[0]?.votes).toEqual([]);

    // Each change is announced with the match's whole set.
    const marked = () =>
      t.recorder.seen.filter((e) => e.type === ChatMessageMarked.type && e.payload.messageId === messageId);
    await waitFor(async () => (marked().length === 3 ? true : undefined), "three message.marked events");
    expect(marked().map((e) => e.payload.votes.map((v: { vote: string }) => v.vote))).toEqual([
      ["up"],
      ["down"],
      [],
    ]);
  });

  it("refuses bad votes, text messages, other chats and admins who are not members", async () => {
    const user = uniqueId();
    const admin = uniqueId();
    const stranger = uniqueId();
    const { bot, ids } = await chatWithMatches(user, 1);
    const messageId = ids[0] as string;
    const vote = (v: string, note = "", as = t.as(user), message = messageId) =>
      failure(t.client.vote({ chatId: bot.chatId, messageId: message, vote: v, note }, as));

    const bad = await vote("maybe");
    expect(bad?.code).toBe(Code.InvalidArgument);
    expect(bad?.rawMessage).toBe("vote must be up, down or null");
    const long = await vote("up", "א".repeat(201));
    expect(long?.rawMessage).toBe("A note is at most 200 characters");
    expect(await vote("up", "א".repeat(200))).toBeUndefined();

    const { message: text } = await t.client.sendMessage({ chatId: bot.chatId, content: "hi" }, t.as(user));
    expect((await vote("up", "", t.as(user), text?.id))?.rawMessage).toBe(
      "Only a match can be voted on or replied to",
    );
    for (const missing of ["nope", crypto.randomUUID()]) {
      const err = await vote("up", "", t.as(user), missing);
      expect(err?.code).toBe(Code.NotFound);
      expect(err?.rawMessage).toBe("Message not found");
    }
    // Another user's chat is not found, as an unknown one is.
    const other = await vote("up", "", t.as(stranger));
    expect(other?.code).toBe(Code.NotFound);
    expect(other?.rawMessage).toBe("Chat not found");
    const shortlist = await failure(t.client.listShortlist({ chatId: bot.chatId }, t.as(stranger)));
    expect(shortlist?.code).toBe(Code.NotFound);
    // An admin reads the votes but does not vote.
    const byAdmin = await vote("up", "", t.as(admin, true));
    expect(byAdmin?.code).toBe(Code.PermissionDenied);
    const seen = await t.client.getChat({ chatId: bot.chatId }, t.as(admin, true));
    expect(seen.messages[0]?.votes.map((v) => v.userId)).toEqual([user]);
  });

  it("lists the flats with a 👍, newest first among equal scores, with their counts", async () => {
    const user = uniqueId();
    const { bot, ids } = await chatWithMatches(user, 3);
    const [a, b, c] = ids as [string, string, string];
    const vote = (messageId: string, v: string) =>
      t.client.vote({ chatId: bot.chatId, messageId, vote: v, voter: person(user) }, t.as(user));
    await vote(a, "up");
    await vote(b, "down");
    await vote(c, "up");
    const { entries } = await t.client.listShortlist({ chatId: bot.chatId }, t.as(user));
    expect(entries.map((e) => [e.message?.id, e.ups, e.downs])).toEqual([
      [c, 1, 0],
      [a, 1, 0],
    ]);
    expect(entries[0]?.message?.asset?.price).toBe(6002);
    await vote(c, "");
    const after = await t.client.listShortlist({ chatId: bot.chatId }, t.as(user));
    expect(after.entries.map((e) => e.message?.id)).toEqual([a]);
  });

  it("takes quick replies beside the vote, and refuses a day that is not one", async () => {
    const user = uniqueId();
    const { bot, ids } = await chatWithMatches(user, 1);
    const messageId = ids[0] as string;
    const reply = (called: boolean, viewingOn: string) =>
      t.client.setQuickReply(
        { chatId: bot.chatId, messageId, called, viewingOn, voter: person(user) },
        t.as(user),
      );
    await t.client.vote({ chatId: bot.chatId, messageId, vote: "up", voter: person(user) }, t.as(user));
    const r = await reply(true, "2027-01-31");
    expect(r.message?.replies).toEqual([
      expect.objectContaining({ userId: user, called: true, viewingOn: "2027-01-31", fullname: "Dana Levi" }),
    ]);
    expect(r.message?.votes).toHaveLength(1); // the vote stays
    for (const day of ["2027-02-30", "31/01/2027", "tomorrow"]) {
      const err = await failure(reply(false, day));
      expect(err?.code).toBe(Code.InvalidArgument);
      expect(err?.rawMessage).toBe("viewingOn must be a date as YYYY-MM-DD, e.g. 2027-01-31");
    }
    const cleared = await reply(false, "");
    expect(cleared.message?.replies).toEqual([]);
  });

  it("says who saw a match: members whose read mark passed it, not admins", async () => {
    const user = uniqueId();
    const admin = uniqueId();
    const { bot } = await chatWithMatches(user, 1);
    const page = () => t.client.getChat({ chatId: bot.chatId }, t.as(user));
    expect((await page()).messages[0]?.seenBy).toEqual([]);
    await t.client.markRead({ chatId: bot.chatId, reader: person(admin, "Admin") }, t.as(admin, true));
    expect((await page()).messages[0]?.seenBy).toEqual([]);
    await t.client.markRead({ chatId: bot.chatId, reader: person(user) }, t.as(user));
    const read = await page();
    expect(read.messages[0]?.seenBy).toEqual([user]);
    expect(read.readMarks).toEqual([expect.objectContaining({ userId: user, fullname: "Dana Levi" })]);
    const seen = await waitFor(
      async () => t.recorder.seen.find((e) => e.type === ChatSeen.type && e.payload.chatId === bot.chatId),
      "chat.seen",
    );
    expect(seen.payload.mark.userId).toBe(user);

    // A match that came after the mark is not seen yet.
    await t.match(bot, listing());
    await waitFor(async () => ((await page()).messages.length === 2 ? true : undefined), "the second match");
    expect((await page()).messages.map((m) => m.seenBy)).toEqual([[user], []]);
  });
});
