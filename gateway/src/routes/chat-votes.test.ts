import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/**
 * Votes, quick replies, who saw a match and the shortlist through real HTTP: gateway → chat →
 * the database, the flats' state asked of the real listings service. The matches are real: two
 * listings ingested into a price band of this run's own, far above real rents.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let a: Person;
let b: Person;
let admin: Person;
let chatId: string;
const FLORENTIN = 205;
const min = 100_000 + Math.floor(Math.random() * 800_000);
const external = [uniqueId(), uniqueId()];
/** The two matches' message ids, the older first, and their listings' ids. */
let matches: { messageId: string; listingId: string }[];

const ingest = (externalId: string, price: number) =>
  api.listings.ingest({
    listings: [{ source: "yad2", externalId, neighborhoodCode: FLORENTIN, price, rooms: 3, street: "ויטל" }],
  });

beforeAll(async () => {
  api = await startApi("votes");
  [a, b, admin] = await Promise.all([api.register("Adi"), api.register("Boaz"), api.signInAdmin()]);
  const bot = (
    await api.call("POST", "/api/requests/website-create", { token: a.token, body: { botName: "Votes" } })
  ).body;
  chatId = bot.chatId;
  const saved = await api.call("PATCH", `/api/requests/${bot._id}`, {
    token: a.token,
    body: {
      isActive: true,
      neighborhoodCodes: [FLORENTIN],
      priceLimit: [min, min + 1000],
      rooms: 1,
      merchant: null,
    },
  });
  expect(saved.status).toBe(200);
  const ids: string[] = [];
  for (const [i, ext] of external.entries()) {
    ids.push((await ingest(ext, min + 100 * (i + 1))).outcomes[0]?.id as string);
    await waitFor(
      async () => {
        const r = await api.call("GET", `/api/chats/${chatId}`, { token: a.token });
        return (r.body.messages as Json[]).some((m) => m.asset?._id === ids[i]) ? true : undefined;
      },
      `match ${i + 1}`,
    );
  }
  const page = await api.call("GET", `/api/chats/${chatId}`, { token: a.token });
  matches = ids.map((listingId) => ({
    listingId,
    messageId: (page.body.messages as Json[]).find((m) => m.asset?._id === listingId)?._id,
  }));
}, 120_000);
afterAll(async () => api?.stop());

const vote = (who: Person, messageId: string, body: unknown) =>
  api.call("PUT", `/api/chats/${chatId}/messages/${messageId}/vote`, { token: who.token, body });
const reply = (who: Person, messageId: string, body: unknown) =>
  api.call("PUT", `/api/chats/${chatId}/messages/${messageId}/reply`, { token: who.token, body });
const shortlist = (who: Person) => api.call("GET", `/api/chats/${chatId}/shortlist`, { token: who.token });

describe("votes and the shortlist", () => {
  it("needs a session", async () => {
    for (const [method, url] of [
      ["PUT", "/api/chats/x/messages/y/vote"],
      ["PUT", "/api/chats/x/messages/y/reply"],
      ["GET", "/api/chats/x/shortlist"],
    ] as const) {
      const r = await api.call(method, url, { body: method === "PUT" ? { vote: "up" } : undefined });
      expect(r, `${method} ${url}`).toMatchObject({ status: 401, body: { code: "unauthenticated" } });
    }
  });

  it("keeps one vote per person: a new vote replaces it, null takes it back", async () => {
    const m = matches[0]?.messageId as string;
    const up = await vote(a, m, { vote: "up", note: "Balcony!" });
    expect(up.status).toBe(200);
    expect(up.body.votes).toEqual([{ userId: a.id, vote: "up", note: "Balcony!", fullname: "Adi Cohen" }]);
    const down = await vote(a, m, { vote: "down", note: "Too dark" });
    expect(down.body.votes).toEqual([
      { userId: a.id, vote: "down", note: "Too dark", fullname: "Adi Cohen" },
    ]);
    expect(down.body.folded).toBe(true);
    const back = await vote(a, m, { vote: null });
    expect(back.body).toMatchObject({ votes: [], folded: false });
  });

  it("validates the vote and the note, in the caller's language", async () => {
    const m = matches[0]?.messageId as string;
    expect(await vote(a, m, { vote: "maybe" })).toMatchObject({
      status: 400,
      body: { code: "invalid_argument", message: "vote must be up, down or null" },
    });
    expect(await vote(a, m, {})).toMatchObject({
      status: 400,
      body: { message: "vote must be up, down or null" },
    });
    expect(await vote(a, m, { vote: "up", note: "x".repeat(201) })).toMatchObject({
      status: 400,
      body: { message: "A note is at most 200 characters" },
    });
    // The account's language decides (a Hebrew account reads Hebrew), the code stays.
    const locale = (l: string) =>
      api.call("PATCH", `/api/users/${a.id}`, { token: a.token, body: { locale: l } });
    expect((await locale("he")).status).toBe(200);
    expect(await vote(a, m, { vote: "up", note: "x".repeat(201) })).toMatchObject({
      status: 400,
      body: { code: "invalid_argument", message: "הערה יכולה להכיל עד 200 תווים" },
    });
    await locale("en");
    const text = (
      await api.call("POST", `/api/chats/${chatId}/messages`, { token: a.token, body: { content: "hi" } })
    ).body;
    expect(await vote(a, text._id, { vote: "up" })).toMatchObject({
      status: 400,
      body: { message: "Only a match can be voted on or replied to" },
    });
    expect(await vote(a, "nope", { vote: "up" })).toMatchObject({ status: 404, body: { code: "not_found" } });
  });

  it("hides the chat from another user (404) and lets an admin read but not vote (403)", async () => {
    const m = matches[0]?.messageId as string;
    for (const r of [
      await vote(b, m, { vote: "up" }),
      await reply(b, m, { called: true, viewingOn: null }),
      await shortlist(b),
    ])
      expect(r).toMatchObject({ status: 404, body: { code: "not_found", message: "Chat not found" } });
    expect(await vote(admin, m, { vote: "up" })).toMatchObject({
      status: 403,
      body: { code: "permission_denied", message: "Only the chat's members vote and reply" },
    });
    expect((await shortlist(admin)).status).toBe(200);
  });

  it("lists the flats with a 👍 by score then newest, each with its state now", async () => {
    const [older, newer] = matches as [
      { messageId: string; listingId: string },
      { messageId: string; listingId: string },
    ];
    await vote(a, older.messageId, { vote: "up", note: "Near work" });
    await vote(a, newer.messageId, { vote: "up" });
    const r = await shortlist(a);
    expect(r.status).toBe(200);
    expect((r.body as unknown as Json[]).map((e) => [e.message._id, e.score, e.state, e.price])).toEqual([
      [newer.messageId, 1, "live", min + 200],
      [older.messageId, 1, "live", min + 100],
    ]);
    expect((r.body as unknown as Json[])[1]?.message.votes[0]).toMatchObject({ note: "Near work" });

    // The older flat's price changes at the source; the newer one is taken down.
    await ingest(external[0] as string, min + 50);
    await api.listings.recordChecks({
      source: "yad2",
      results: [{ externalId: external[1] as string, outcome: "removed" }],
    });
    const after = (await shortlist(a)).body as unknown as Json[];
    expect(after.map((e) => [e.message._id, e.state, e.price])).toEqual([
      [newer.messageId, "removed", null],
      [older.messageId, "price_changed", min + 50],
    ]);
    // A 👎 costs the newer flat its lead; taking the 👍 back takes it off the list.
    await vote(a, newer.messageId, { vote: null });
    expect(((await shortlist(a)).body as unknown as Json[]).map((e) => e.message._id)).toEqual([
      older.messageId,
    ]);
  });

  it("takes quick replies everyone sees, and refuses a day that is not one", async () => {
    const m = matches[1]?.messageId as string;
    const r = await reply(a, m, { called: true, viewingOn: "2027-01-31" });
    expect(r.status).toBe(200);
    expect(r.body.replies).toEqual([
      { userId: a.id, fullname: "Adi Cohen", called: true, viewingOn: "2027-01-31" },
    ]);
    expect(await reply(a, m, { called: true, viewingOn: "2027-02-30" })).toMatchObject({
      status: 400,
      body: { message: "viewingOn must be a date as YYYY-MM-DD, e.g. 2027-01-31" },
    });
    expect(await reply(a, m, { viewingOn: null })).toMatchObject({
      status: 400,
      body: { message: "called must be true or false" },
    });
    const page = await api.call("GET", `/api/chats/${chatId}`, { token: admin.token });
    expect((page.body.messages as Json[]).find((x) => x._id === m)?.replies).toHaveLength(1);
  });

  it("says who saw each match: the members whose read mark passed it", async () => {
    const seen = async (who: Person) => {
      const r = await api.call("GET", `/api/chats/${chatId}`, { token: who.token });
      return { marks: r.body.readMarks as Json[], seenBy: (r.body.messages as Json[]).map((m) => m.seenBy) };
    };
    await api.call("POST", `/api/chats/${chatId}/read`, { token: admin.token });
    expect((await seen(a)).marks).toEqual([]);
    await api.call("POST", `/api/chats/${chatId}/read`, { token: a.token });
    const after = await seen(admin);
    expect(after.marks).toEqual([{ userId: a.id, fullname: "Adi Cohen", upTo: expect.any(String) }]);
    expect(after.seenBy.every((s) => s.length === 1 && s[0] === a.id)).toBe(true);
  });
});
