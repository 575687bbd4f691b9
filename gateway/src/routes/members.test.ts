import { notifications } from "@dirabot/notifications";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";
import { connect, eventually } from "../../test/realtime-testkit.ts";
import { INVITES_BY_EMAIL_PER_HOUR } from "../limits.ts";

/**
 * Shared bots through real HTTP and the real socket: gateway → bots (the members' source of
 * truth) → chat (its copy, from bot.member_added/removed) → notifications. A match found by the
 * real bots service reaches the owner and the member; a removed member loses the chat at once.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let owner: Person;
let member: Person;
let stranger: Person;
let admin: Person;
let hood: number;
const sockets: Socket[] = [];
// A price band of this run's own: another run's listings (a shared database) never fall in it.
const band = 200_000 + Math.floor(Math.random() * 700_000);

beforeAll(async () => {
  api = await startApi("members", { modules: [notifications] });
  [owner, member, stranger, admin] = await Promise.all([
    api.register("Avi"),
    api.register("Bella"),
    api.register("Carmi"),
    api.signInAdmin(),
  ]);
  const codes = (await api.listings.listNeighborhoods({})).neighborhoods.map((n) => n.code);
  hood = codes[Math.floor(Math.random() * codes.length)] as number;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await api?.stop();
});

const as = (who: Person, body?: unknown, headers?: Record<string, string>) => ({
  token: who.token,
  body,
  headers,
});
async function newBot(who: Person, botName: string): Promise<Json> {
  const r = await api.call(
    "POST",
    "/api/requests/website-create",
    as(who, { botName, neighborhoodCodes: [hood], priceLimit: [band, band + 1000], rooms: 1 }),
  );
  expect(r.status).toBe(201);
  return r.body;
}
async function invite(bot: Json, body: Json = {}) {
  const r = await api.call("POST", `/api/requests/${bot._id}/invites`, as(owner, body));
  expect(r.status).toBe(201);
  return r.body;
}
async function chatIdOf(who: Person, bot: Json): Promise<string> {
  const r = await api.call("GET", "/api/chats", as(who));
  return r.body.find((c: Json) => c.botId === bot._id)?._id;
}

describe("shared bots", () => {
  let bot: Json;
  let chatId: string;

  it("needs a session for every route", async () => {
    for (const [method, url] of [
      ["POST", "/api/requests/x/invites"],
      ["GET", "/api/requests/x/members"],
      ["DELETE", "/api/requests/x/members/y"],
      ["POST", "/api/invites/x/accept"],
      ["GET", "/api/users/x/sharing"],
    ] as const) {
      const r = await api.call(method, url, {
        body: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(r, `${method} ${url}`).toMatchObject({ status: 401, body: { code: "unauthenticated" } });
    }
  });

  it("invites by a 7-day link; the invited person becomes a member and sees the bot and its chat", async () => {
    bot = await newBot(owner, "Our flat");
    const link = await invite(bot);
    expect(link.url).toMatch(new RegExp(`^http.*/invite/${link.token}$`));
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const accepted = await api.call("POST", `/api/invites/${link.token}/accept`, as(member));
    expect(accepted).toMatchObject({ status: 200, body: { requestId: bot._id, botName: "Our flat" } });
    chatId = accepted.body.chatId;

    const members = await api.call("GET", `/api/requests/${bot._id}/members`, as(member));
    expect(members.body).toEqual([
      { userId: owner.id, fullname: "Avi Cohen", role: "owner" },
      { userId: member.id, fullname: "Bella Cohen", role: "member" },
    ]);
    const bots = await api.call("GET", "/api/requests", as(member));
    expect(bots.body.map((b: Json) => [b._id, b.memberIds, b.createdBy?._id])).toEqual([
      [bot._id, [member.id], owner.id],
    ]);
    await eventually(async () => ((await chatIdOf(member, bot)) === chatId ? true : undefined), "the chat");
    const chat = await api.call("GET", `/api/chats/${chatId}`, as(member));
    expect(chat.body).toMatchObject({ _id: chatId, memberIds: [member.id], userId: { _id: owner.id } });
    // Admins see the members on the bots they list.
    const all = await api.call("GET", "/api/requests?all=true", as(admin));
    expect(all.body.find((b: Json) => b._id === bot._id)?.memberIds).toEqual([member.id]);
  });

  it("keeps the owner's other bots and chats from the member; the member cannot invite or delete", async () => {
    const other = await newBot(owner, "Owner's own");
    const otherChat = await eventually(() => chatIdOf(owner, other), "the other chat");
    for (const [method, url] of [
      ["GET", `/api/requests/${other._id}`],
      ["GET", `/api/requests/${other._id}/members`],
      ["GET", `/api/chats/${otherChat}`],
      ["POST", `/api/chats/${otherChat}/read`],
      ["DELETE", `/api/requests/${bot._id}`],
    ] as const)
      expect((await api.call(method, url, as(member))).status, `${method} ${url}`).toBe(404);
    const invited = await api.call("POST", `/api/requests/${bot._id}/invites`, as(member, {}));
    expect(invited).toMatchObject({ status: 403, body: { code: "permission_denied" } });
    const edit = await api.call(
      "PATCH",
      `/api/requests/${bot._id}`,
      as(member, { isActive: true, neighborhoodCodes: [hood], priceLimit: [band, band + 2000], rooms: 1 }),
    );
    expect(edit).toMatchObject({
      status: 403,
      body: { message: "The bot's owner has not let members change its search" },
    });
    expect((await api.call("GET", `/api/requests/${bot._id}/members`, as(stranger))).status).toBe(404);
    expect((await api.call("POST", `/api/requests/${bot._id}/invites`, as(stranger, {}))).status).toBe(404);
  });

  it("shows admins who shares which bot, and no one else", async () => {
    const ofOwner = await api.call("GET", `/api/users/${owner.id}/sharing`, as(admin));
    // The owner's other bot has no members: not sharing, not listed.
    expect(ofOwner).toMatchObject({
      status: 200,
      body: {
        owned: [
          { botId: bot._id, botName: bot.botName, members: [{ userId: member.id, fullname: "Bella Cohen" }] },
        ],
        memberOf: [],
      },
    });
    const ofMember = await api.call("GET", `/api/users/${member.id}/sharing`, as(admin));
    expect(ofMember.body).toEqual({
      owned: [],
      memberOf: [
        { botId: bot._id, botName: bot.botName, owner: { userId: owner.id, fullname: "Avi Cohen" } },
      ],
    });
    for (const who of [owner, member, stranger]) {
      const r = await api.call("GET", `/api/users/${owner.id}/sharing`, as(who));
      expect(r).toMatchObject({ status: 403, body: { code: "permission_denied" } });
    }
  });

  it("refuses a used, an unknown and another account's invite clearly, in both languages", async () => {
    const link = await invite(bot);
    await api.call("POST", `/api/invites/${link.token}/accept`, as(stranger));
    await api.call("DELETE", `/api/requests/${bot._id}/members/${stranger.id}`, as(stranger));
    const used = await api.call("POST", `/api/invites/${link.token}/accept`, as(admin));
    expect(used).toMatchObject({
      status: 409,
      body: { code: "invite_used", message: "This invite link was used already. Ask for a new one." },
    });
    await api.call("PATCH", `/api/users/${admin.id}`, as(admin, { locale: "he" }));
    const hebrew = await api.call("POST", `/api/invites/${link.token}/accept`, as(admin));
    await api.call("PATCH", `/api/users/${admin.id}`, as(admin, { locale: "en" }));
    expect(hebrew.body).toMatchObject({
      code: "invite_used",
      message: "כבר נעשה שימוש בקישור ההזמנה. יש לבקש קישור חדש.",
    });
    const unknown = await api.call("POST", `/api/invites/${"x".repeat(32)}/accept`, as(admin));
    expect(unknown).toMatchObject({ status: 404, body: { code: "not_found" } });
    // Bound to an e-mail no account has: the link is made, nobody is told.
    const nobody = await invite(bot, { email: "nobody-here@example.com" });
    expect(nobody).toMatchObject({ account: false, told: false });
    const other = await api.call("POST", `/api/invites/${nobody.token}/accept`, as(admin));
    expect(other).toMatchObject({ status: 403, body: { code: "permission_denied" } });
    const bad = await api.call(
      "POST",
      `/api/requests/${bot._id}/invites`,
      as(owner, { email: "not an address" }),
    );
    expect(bad.status).toBe(400);
  });

  it("tells an existing account invited by its e-mail in its bell, in its language, and it accepts", async () => {
    const dana = await api.register("Dana");
    await api.call("PATCH", `/api/users/${dana.id}`, as(dana, { locale: "he" }));
    const mine = await newBot(owner, "Invite me");
    const link = await invite(mine, { email: dana.email.toUpperCase() });
    expect(link).toMatchObject({ account: true, told: true });
    const note = await eventually(async () => {
      const r = await api.call("GET", "/api/notifications", as(dana));
      return r.body.notifications?.find((n: Json) => n.type === "bot_invite");
    }, "the invite in Dana's bell");
    expect(note).toMatchObject({
      url: `/invite/${link.token}`,
      title: "\u2068Avi Cohen\u2069 הזמינו אותך לבוט \u2068Invite me\u2069",
      isRead: false,
    });
    // Nobody else is told; the owner's own e-mail tells nobody either.
    const self = await invite(mine, { email: owner.email });
    expect(self).toMatchObject({ account: true, told: false });
    for (const who of [owner, member, stranger]) {
      const r = await api.call("GET", "/api/notifications", as(who));
      expect(
        r.body.notifications.filter((n: Json) => n.type === "bot_invite"),
        who.firstname,
      ).toEqual([]);
    }
    const accepted = await api.call(
      "POST",
      `${note.url.replace("/invite/", "/api/invites/")}/accept`,
      as(dana),
    );
    expect(accepted).toMatchObject({ status: 200, body: { requestId: mine._id } });
  });

  it("lets a member invite only while the owner allows it; never remove others or change the switch", async () => {
    const mine = await newBot(owner, "Invite switch");
    const erez = await api.register("Erez");
    const first = await invite(mine);
    await api.call("POST", `/api/invites/${first.token}/accept`, as(erez));
    const refused = await api.call("POST", `/api/requests/${mine._id}/invites`, as(erez, {}));
    expect(refused).toMatchObject({
      status: 403,
      body: { code: "permission_denied", message: "The bot's owner has not let members invite others" },
    });
    await api.call("PATCH", `/api/users/${erez.id}`, as(erez, { locale: "he" }));
    const hebrew = await api.call("POST", `/api/requests/${mine._id}/invites`, as(erez, {}));
    expect(hebrew.body.message).toBe("הבעלים של הבוט לא אפשרו לחברים להזמין אחרים");

    const form = { isActive: true, neighborhoodCodes: [hood], priceLimit: [band, band + 1000], rooms: 1 };
    const on = await api.call(
      "PATCH",
      `/api/requests/${mine._id}`,
      as(owner, { ...form, membersMayInvite: true }),
    );
    expect(on).toMatchObject({ status: 200, body: { membersMayInvite: true, membersMayEdit: false } });
    const made = await api.call("POST", `/api/requests/${mine._id}/invites`, as(erez, {}));
    expect(made.status).toBe(201);
    const gil = await api.register("Gil");
    await api.call("POST", `/api/invites/${made.body.token}/accept`, as(gil));
    const out = await api.call("DELETE", `/api/requests/${mine._id}/members/${gil.id}`, as(erez));
    expect(out.status).toBe(403);
    const sw = await api.call(
      "PATCH",
      `/api/requests/${mine._id}`,
      as(erez, { ...form, membersMayInvite: false }),
    );
    expect(sw.status).toBe(403);
    const got = await api.call("GET", `/api/requests/${mine._id}`, as(owner));
    expect(got.body.membersMayInvite).toBe(true);
  });

  it("bounds invites by e-mail per account, so nobody can list who has an account", async () => {
    const hana = await api.register("Hana");
    const mine = await newBot(hana, "Bounded");
    for (let i = 0; i < INVITES_BY_EMAIL_PER_HOUR; i++) {
      const r = await api.call(
        "POST",
        `/api/requests/${mine._id}/invites`,
        as(hana, { email: `p${i}@example.com` }),
      );
      expect(r.status).toBe(201);
    }
    const over = await api.call(
      "POST",
      `/api/requests/${mine._id}/invites`,
      as(hana, { email: "more@example.com" }),
    );
    expect(over).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    // A plain link is not looked up and not bounded by it.
    expect((await api.call("POST", `/api/requests/${mine._id}/invites`, as(hana, {}))).status).toBe(201);
  });

  it("brings a match to the owner and the member live; removal shuts the member out at once", async () => {
    const [a, b] = [
      await connect(api.base, owner.token, sockets),
      await connect(api.base, member.token, sockets),
    ];
    expect(await a.socket.emitWithAck("chat:join", chatId)).toEqual({ ok: true });
    expect(await b.socket.emitWithAck("chat:join", chatId)).toEqual({ ok: true });
    const { outcomes } = await api.listings.ingest({
      listings: [
        {
          source: "yad2",
          externalId: `members-${band}`,
          neighborhoodCode: hood,
          rooms: 3,
          price: band + 500,
          description: "Shared",
        },
      ],
    });
    const listingId = outcomes[0]?.id;
    for (const c of [a, b]) {
      const got = await eventually(
        async () => c.of("chat:newMessage").find((m) => m.asset?._id === listingId && m.chatId === chatId),
        "the match on the socket",
      );
      expect(got).toMatchObject({ chatId, type: "asset" });
      // Once per socket, though the member is in the chat's room and their own.
      expect(
        c.of("chat:newMessage").filter((m) => m.asset?._id === listingId && m.chatId === chatId),
        c === a ? "owner" : "member",
      ).toHaveLength(1);
    }
    // Each person's own notification.
    for (const who of [owner, member])
      await eventually(async () => {
        const r = await api.call("GET", "/api/notifications", as(who));
        return r.body.notifications?.find(
          (n: Json) => n.type === "property_match" && n.url?.includes(chatId),
        );
      }, `${who.firstname}'s notification`);

    const removed = await api.call("DELETE", `/api/requests/${bot._id}/members/${member.id}`, as(owner));
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect(await eventually(async () => b.of("chat:removed")[0], "chat:removed")).toEqual({
      chatId,
      botId: bot._id,
    });
    await eventually(
      async () =>
        (await api.call("GET", `/api/chats/${chatId}`, as(member))).status === 404 ? true : undefined,
      "the chat gone for the member",
    );
    expect((await api.call("GET", `/api/requests/${bot._id}`, as(member))).status).toBe(404);
    expect(await b.socket.emitWithAck("chat:join", chatId)).toEqual({ ok: false, message: "Chat not found" });
    // The owner's own message no longer reaches the removed member's socket.
    await api.call("POST", `/api/chats/${chatId}/messages`, as(owner, { content: "after" }));
    await eventually(
      async () => a.of("chat:newMessage").find((m) => m.content === "after"),
      "the owner's own",
    );
    expect(b.of("chat:newMessage").filter((m) => m.content === "after")).toEqual([]);
  });
});
