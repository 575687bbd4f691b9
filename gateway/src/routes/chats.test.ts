import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/**
 * /api/chats through real HTTP: gateway → chat (and bots, identity) → the database. Adi's bot has
 * no areas, so no listing ever lands in its chat: every message there is one this test sent.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let a: Person;
let b: Person;
let admin: Person;
let chatId: string;
let botId: string;

beforeAll(async () => {
  api = await startApi("chats");
  [a, b, admin] = await Promise.all([api.register("Adi"), api.register("Boaz"), api.signInAdmin()]);
  const bot = await api.call("POST", "/api/requests/website-create", {
    token: a.token,
    body: { botName: "Adi's bot" },
  });
  botId = bot.body._id;
  chatId = bot.body.chatId;
});
afterAll(async () => api?.stop());

const send = (who: Person, body: unknown, id = chatId) =>
  api.call("POST", `/api/chats/${id}/messages`, { token: who.token, body });
const list = async (who: Person) =>
  (await api.call("GET", "/api/chats", { token: who.token })).body as unknown as Json[];
const owner = (p: Person) => ({ _id: p.id, email: p.email });
// A real neighbourhood code (services/lib/geography/src): Florentin, Tel Aviv.
const FLORENTIN = 205;

describe("/api/chats", () => {
  it("needs a session for every route", async () => {
    for (const [method, url] of [
      ["GET", "/api/chats"],
      ["POST", "/api/chats"],
      ["GET", "/api/chats/admin/all-grouped"],
      ["GET", "/api/chats/x"],
      ["POST", "/api/chats/x/messages"],
      ["POST", "/api/chats/x/read"],
      ["POST", "/api/chats/x/messages/y/star"],
      ["POST", "/api/chats/x/favorite"],
      ["GET", "/api/chats/x/messages/starred"],
    ] as const) {
      const r = await api.call(method, url, { body: method === "POST" ? {} : undefined });
      expect(r, `${method} ${url}`).toMatchObject({ status: 401, body: { code: "unauthenticated" } });
    }
  });

  it("opens the chat of the caller's bot, and lists it", async () => {
    const r = await api.call("POST", "/api/chats", { token: a.token, body: { botId } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      _id: chatId,
      botId,
      botName: "Adi's bot",
      userId: owner(a),
      unreadCount: 0,
      lastMessage: null,
      favorite: false,
    });
    const again = await api.call("POST", "/api/chats", { token: a.token, body: { botId } });
    expect(again.body._id).toBe(chatId);
    expect(await list(a)).toEqual([expect.objectContaining({ _id: chatId, userId: owner(a) })]);
    expect(await api.call("POST", "/api/chats", { token: a.token, body: {} })).toMatchObject({
      status: 400,
      body: { message: "botId is required" },
    });
    expect((await api.call("POST", "/api/chats", { token: b.token, body: { botId } })).status).toBe(404);
  });

  it("sends text exactly as typed, from the session's user, with the tempId echoed", async () => {
    const r = await send(a, { content: "<b>hi</b> & <script>x()</script>", tempId: "tmp-1" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      chatId,
      content: "<b>hi</b> & <script>x()</script>",
      type: "text",
      tempId: "tmp-1",
      sender: { _id: a.id, firstname: "Adi", lastname: "Cohen", email: a.email, roles: ["user"] },
      starred: false,
    });
    // The other shape the web app sends (type and sender in the body); a sender in the body is never believed.
    const spec = await send(a, { content: "second", type: "text", sender: { _id: b.id, roles: ["admin"] } });
    expect(spec.status).toBe(201);
    expect(spec.body.sender).toMatchObject({ _id: a.id, roles: ["user"] });
    expect(spec.body).not.toHaveProperty("tempId");

    expect(await send(a, { content: "   " })).toMatchObject({
      status: 400,
      body: { code: "invalid_argument" },
    });
    expect(await send(a, {})).toMatchObject({
      status: 400,
      body: { message: "Message content is required" },
    });
    expect(await send(a, { content: "x", type: "asset" })).toMatchObject({
      status: 400,
      body: { message: "Only text messages can be sent" },
    });
    const chat = (await list(a)).find((c) => c._id === chatId);
    expect(chat).toMatchObject({ unreadCount: 0, lastMessage: { content: "second" } });
  });

  it("pages the messages: page 1 is the newest, each page in time order", async () => {
    const r = await api.call("GET", `/api/chats/${chatId}`, { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ _id: chatId, userId: owner(a) });
    expect(r.body.messages.map((m: Json) => m.content)).toEqual([
      "<b>hi</b> & <script>x()</script>",
      "second",
    ]);
    expect(r.body.pagination).toEqual({ page: 1, limit: 20, total: 2, hasMore: false });
    await send(a, { content: "third" });
    const page = (p: number) => api.call("GET", `/api/chats/${chatId}?page=${p}&limit=2`, { token: a.token });
    const p1 = await page(1);
    expect(p1.body.messages.map((m: Json) => m.content)).toEqual(["second", "third"]);
    expect(p1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const p2 = await page(2);
    expect(p2.body.messages.map((m: Json) => m.content)).toEqual(["<b>hi</b> & <script>x()</script>"]);
    expect(p2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, hasMore: false });
    for (const [query, message] of [
      ["page=0", "page must be a whole number of at least 1"],
      ["page=x", "page must be a whole number of at least 1"],
      ["limit=0", "limit must be a whole number from 1 to 100"],
      ["limit=101", "limit must be a whole number from 1 to 100"],
      ["limit=1&limit=2", "limit must be given once"],
    ]) {
      const bad = await api.call("GET", `/api/chats/${chatId}?${query}`, { token: a.token });
      expect(bad, query).toMatchObject({ status: 400, body: { message, code: "invalid_argument" } });
    }
  });

  it("stars messages and favourites chats", async () => {
    const m = (await send(a, { content: "keep this" })).body;
    const star = () => api.call("POST", `/api/chats/${chatId}/messages/${m._id}/star`, { token: a.token });
    expect((await star()).body).toMatchObject({ _id: m._id, starred: true });
    const starred = await api.call("GET", `/api/chats/${chatId}/messages/starred`, { token: a.token });
    expect(starred.body).toEqual([
      expect.objectContaining({ _id: m._id, content: "keep this", starred: true }),
    ]);
    expect((await star()).body.starred).toBe(false);
    const fav = () => api.call("POST", `/api/chats/${chatId}/favorite`, { token: a.token });
    expect((await fav()).body).toMatchObject({ _id: chatId, favorite: true });
    expect((await fav()).body.favorite).toBe(false);
    const unknown = await api.call("POST", `/api/chats/${chatId}/messages/nope/star`, { token: a.token });
    expect(unknown.status).toBe(404);
  });

  it("keeps another user's chat hidden: 404 everywhere", async () => {
    const m = (await send(a, { content: "mine" })).body;
    for (const [method, url, body] of [
      ["GET", `/api/chats/${chatId}`],
      ["POST", `/api/chats/${chatId}/messages`, { content: "hello from B" }],
      ["POST", `/api/chats/${chatId}/read`],
      ["POST", `/api/chats/${chatId}/messages/${m._id}/star`],
      ["POST", `/api/chats/${chatId}/favorite`],
      ["GET", `/api/chats/${chatId}/messages/starred`],
    ] as const) {
      const r = await api.call(method, url, { token: b.token, body });
      expect(r, `${method} ${url}`).toMatchObject({ status: 404, body: { code: "not_found" } });
    }
    expect(await list(b)).toEqual([]);
    const mine = await api.call("GET", `/api/chats/${chatId}`, { token: a.token });
    expect(mine.body.messages.map((x: Json) => x.content)).not.toContain("hello from B");
  });

  it("lets an admin read and answer a user's chat, marked as admin; the owner's read clears the count", async () => {
    const seen = await api.call("GET", `/api/chats/${chatId}?limit=1`, { token: admin.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ _id: chatId, userId: owner(a) });
    const reply = await send(admin, { content: "Admin here", tempId: "adm-1" });
    expect(reply.status).toBe(201);
    expect(reply.body.sender).toMatchObject({ _id: admin.id, roles: expect.arrayContaining(["admin"]) });
    const inA = (await list(a)).find((c) => c._id === chatId);
    expect(inA).toMatchObject({ unreadCount: 1, lastMessage: { content: "Admin here" } });
    // An admin opening someone else's chat marks nothing read: the owner still sees what is new.
    const byAdmin = await api.call("POST", `/api/chats/${chatId}/read`, { token: admin.token });
    expect(byAdmin).toMatchObject({ status: 200, body: { _id: chatId, unreadCount: 1, userId: owner(a) } });
    const byOwner = await api.call("POST", `/api/chats/${chatId}/read`, { token: a.token });
    expect(byOwner).toMatchObject({ status: 200, body: { _id: chatId, unreadCount: 0 } });
    const last = await api.call("GET", `/api/chats/${chatId}?limit=1`, { token: a.token });
    expect(last.body.messages[0]).toMatchObject({ content: "Admin here", isRead: true });
  });

  it("groups every chat by owner for admins only, each chat with its owner attached", async () => {
    expect(await api.call("GET", "/api/chats/admin/all-grouped", { token: a.token })).toMatchObject({
      status: 403,
      body: { code: "permission_denied" },
    });
    const r = await api.call("GET", "/api/chats/admin/all-grouped", { token: admin.token });
    expect(r.status).toBe(200);
    const group = (r.body as unknown as Json[]).find((g) => g.user._id === a.id);
    const user = { _id: a.id, firstname: "Adi", lastname: "Cohen", fullname: "Adi Cohen", email: a.email };
    expect(group).toEqual({
      user,
      chats: [expect.objectContaining({ _id: chatId, botId, userId: owner(a), _user: user })],
    });
    expect((r.body as unknown as Json[]).some((g) => g.user._id === b.id)).toBe(false);
  });

  it("shows a matching listing as an asset message from the bot", async () => {
    const c = await api.register("Carmel");
    const bot = (
      await api.call("POST", "/api/requests/website-create", {
        token: c.token,
        body: { botName: "Florentin" },
      })
    ).body;
    // A price band of this run's own, far above real rents: other runs' listings stay out of it.
    const min = 100_000 + Math.floor(Math.random() * 800_000);
    const saved = await api.call("PATCH", `/api/requests/${bot._id}`, {
      token: c.token,
      body: {
        isActive: true,
        neighborhoodCodes: [FLORENTIN],
        priceLimit: [min, min + 1000],
        rooms: 1,
        merchant: null,
      },
    });
    expect(saved.status).toBe(200);
    const ingested = await api.listings.ingest({
      listings: [
        {
          source: "yad2",
          externalId: uniqueId(),
          neighborhoodCode: FLORENTIN,
          price: min + 500,
          rooms: 3,
          description: "<i>sunny</i>",
          street: "ויטל",
          houseNumber: "12",
          phone: "050-1234567",
          merchant: true,
          agency: "Remax Florentin",
          postedAt: timestampFromDate(new Date("2026-01-05T09:00:00Z")),
        },
      ],
    });
    const listingId = ingested.outcomes[0]?.id;
    const message = await waitFor(async () => {
      const r = await api.call("GET", `/api/chats/${bot.chatId}`, { token: c.token });
      return (r.body.messages as Json[] | undefined)?.find((m) => m.asset?._id === listingId);
    }, "the asset message");
    expect(message).toMatchObject({
      chatId: bot.chatId,
      type: "asset",
      sender: "bot",
      isRead: false,
      asset: {
        _id: listingId,
        price: min + 500,
        rooms: 3,
        neighborhoodCode: FLORENTIN,
        description: "<i>sunny</i>",
        // What the card needs to reach the flat's people.
        merchant: true,
        agency: "Remax Florentin",
        street: "ויטל",
        phoneNumber: "0501234567",
        postedAt: "2026-01-05T09:00:00.000Z",
        createdAt: expect.any(String),
      },
    });
    expect(message.content).toMatch(/\S/);
    const chat = (await list(c)).find((x) => x._id === bot.chatId);
    expect(chat?.unreadCount).toBeGreaterThanOrEqual(1);
    const star = await api.call("POST", `/api/chats/${bot.chatId}/messages/${message._id}/star`, {
      token: c.token,
    });
    expect(star.body).toMatchObject({
      _id: message._id,
      type: "asset",
      starred: true,
      asset: { _id: listingId },
    });
  });
});
