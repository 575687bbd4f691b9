import * as http from "node:http";
import { BOT_MESSAGES } from "@dirabot/api/messages.ts";
import { eventsRecorder, uniqueId, waitFor } from "@dirabot/platform/testing";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble, GROUP_CODE_ERRORS, REGISTER_REPLIES } from "@dirabot/telegram/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";
import { COOKIE } from "../auth/session.ts";

/**
 * Telegram group bots end to end: a group sends /register to the bot (the local Bot API double),
 * the user enters the code in Dirabot (GET /api/requests/verifycode), and the bot's matches go to
 * the group as well as to its web chat.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let double: BotApiDouble;
let dana: Person;
let eli: Person;
/** A database handle for what no API offers: ageing a code past its 15 minutes. */
const fixtures = eventsRecorder([]);
const FLORENTIN = 205;
const PUBLIC = "http://dirabot.test";
const groupId = () => -1_000_000_000_000 - Math.floor(Math.random() * 1e9);

beforeAll(async () => {
  double = await BotApiDouble.start();
  api = await startApi("tg-groups", {
    modules: [createTelegram({ lockRetryMs: 300 }), fixtures.module],
    settings: { TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url, PUBLIC_URL: PUBLIC },
  });
  [dana, eli] = await Promise.all([api.register("Dana"), api.register("Eli")]);
});
afterAll(async () => {
  await api?.stop();
  await double?.close();
});

/** The group asks for a code; answers it as the bot wrote it. */
async function registerGroup(chatId: number, title: string): Promise<string> {
  const before = double.sentTo(chatId).length;
  double.userSays({ chatId, groupTitle: title, username: "member" }, "/register");
  const reply = await waitFor(async () => double.sentTo(chatId)[before], "the bot's code");
  const code = /code: ([A-Z2-9]{6})\n/.exec(reply)?.[1];
  expect(reply).toBe(REGISTER_REPLIES.code(code as string, `${PUBLIC}/bots?code=${code}`));
  return code as string;
}
/** A GET with exactly these headers (fetch would set its own Sec-Fetch-Mode), as a browser sends it. */
function plainGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${api.base}${url}`, { headers }, (res) => {
        let text = "";
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Json }));
      })
      .on("error", reject);
  });
}
const verify = (who: Person | undefined, code: string) =>
  api.call("GET", `/api/requests/verifycode?code=${encodeURIComponent(code)}`, { token: who?.token });

describe("Telegram group bots", () => {
  it("creates the caller's bot for the group from its code, once, for that caller only", async () => {
    const group = groupId();
    const code = await registerGroup(group, "Florentin flat hunt");
    expect((await verify(undefined, code)).status).toBe(401);

    const r = await verify(dana, code.toLowerCase());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      chatId: String(group),
      chatName: "Florentin flat hunt",
      botName: "Florentin flat hunt",
      isActive: true,
      createdBy: { _id: dana.id },
      // Without a search, as before: no areas yet.
      neighborhoodCodes: [],
    });
    // A retried request answers the same bot; another user cannot use the code.
    expect((await verify(dana, code)).body._id).toBe(r.body._id);
    expect(await verify(eli, code)).toMatchObject({ status: 400, body: { message: GROUP_CODE_ERRORS.used } });
    const mine = (await api.call("GET", "/api/requests", { token: dana.token })).body as unknown as Json[];
    expect(mine.filter((b) => b.chatId === String(group))).toHaveLength(1);
    const chats = (await api.call("GET", "/api/chats", { token: dana.token })).body as unknown as Json[];
    expect(chats.find((c) => c.botId === r.body._id)).toMatchObject({ botName: "Florentin flat hunt" });
  });

  it("creates the group's bot with the wizard's search; a refused search leaves the code unused", async () => {
    const group = groupId();
    const code = await registerGroup(group, "Jaffa hunters");
    const withSearch = (query: string) =>
      api.call("GET", `/api/requests/verifycode?code=${code}&${query}`, { token: dana.token });
    const { areas, price, rooms } = BOT_MESSAGES;
    const merchant = "merchant must be false (private listings only) or null (all listings)";
    const area = `neighborhoodCodes=${FLORENTIN}`;
    for (const [query, message] of [
      ["neighborhoodCodes=", areas],
      ["neighborhoodCodes=99999999", areas],
      ["neighborhoodCodes=abc", areas],
      [`${area}&${area}`, areas],
      ["priceLimit=0,5000&rooms=2", areas],
      [`${area}&priceLimit=7000,3000`, price],
      [`${area}&priceLimit=3000`, price],
      [`${area}&priceLimit=0,99999999999`, price],
      [`${area}&rooms=11`, rooms],
      [`${area}&rooms=two`, rooms],
      [`${area}&merchant=true`, merchant],
    ] as const)
      expect(await withSearch(query), query).toMatchObject({
        status: 400,
        body: { message, code: "invalid_argument" },
      });
    // Nothing was made and the code is unused: the group's page still offers it.
    const before = (await api.call("GET", "/api/requests", { token: dana.token })).body as unknown as Json[];
    expect(before.filter((b) => b.chatId === String(group))).toEqual([]);
    expect(
      await api.call("GET", `/api/requests/group-code?code=${code}`, { token: dana.token }),
    ).toMatchObject({
      status: 200,
      body: { chatName: "Jaffa hunters" },
    });

    const r = await withSearch(
      `neighborhoodCodes=${FLORENTIN},99999999&priceLimit=3500,6500&rooms=2&merchant=false`,
    );
    expect(r).toMatchObject({
      status: 200,
      body: {
        chatId: String(group),
        chatName: "Jaffa hunters",
        isActive: true,
        neighborhoodCodes: [FLORENTIN],
        priceLimit: [3500, 6500],
        rooms: 2,
        merchant: false,
      },
    });
    const mine = (await api.call("GET", "/api/requests", { token: dana.token })).body as unknown as Json[];
    expect(mine.find((b) => b._id === r.body._id)).toMatchObject({ neighborhoodCodes: [FLORENTIN] });
    // merchant=null, and a price or rooms left out, take website-create's defaults.
    const other = await registerGroup(groupId(), "Any seller");
    expect(
      await api.call("GET", `/api/requests/verifycode?code=${other}&${area}&merchant=null`, {
        token: eli.token,
      }),
    ).toMatchObject({
      status: 200,
      body: { neighborhoodCodes: [FLORENTIN], priceLimit: [0, 20000], rooms: 1, merchant: null },
    });
  });

  it("answers a Hebrew caller's refused search in Hebrew, the code still unused", async () => {
    const code = await registerGroup(groupId(), "Hebrew group");
    const noa = await api.register("Noa");
    const he = await api.call("PATCH", `/api/users/${noa.id}`, { token: noa.token, body: { locale: "he" } });
    expect(he.status).toBe(200);
    const r = await api.call("GET", `/api/requests/verifycode?code=${code}&neighborhoodCodes=`, {
      token: noa.token,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("יש לבחור לפחות אזור אחד");
    expect(
      (await api.call("GET", `/api/requests/group-code?code=${code}`, { token: eli.token })).status,
    ).toBe(200);
  });

  it("refuses a malformed or unknown code with a clear message and creates nothing", async () => {
    const before = (await api.call("GET", "/api/requests", { token: eli.token })).body as unknown as Json[];
    for (const [code, message] of [
      ["ABC12", GROUP_CODE_ERRORS.format],
      ["ABC1234", GROUP_CODE_ERRORS.format],
      ["ZZZZZZ", GROUP_CODE_ERRORS.unknown],
    ] as const)
      expect(await verify(eli, code), code).toMatchObject({ status: 400, body: { message } });
    expect((await api.call("GET", "/api/requests/verifycode", { token: eli.token })).status).toBe(400);
    const after = (await api.call("GET", "/api/requests", { token: eli.token })).body as unknown as Json[];
    expect(after).toHaveLength(before.length);
  });

  it("refuses a code after its 15 minutes", async () => {
    const code = await registerGroup(groupId(), "Late group");
    await sql`UPDATE telegram.group_codes SET expires_at = now() - interval '1 second' WHERE code = ${code}`.execute(
      fixtures.db(),
    );
    expect(await verify(dana, code)).toMatchObject({
      status: 400,
      body: { message: GROUP_CODE_ERRORS.expired },
    });
  });

  it("shows the group a code would add, without redeeming it, before the bot is created", async () => {
    const group = groupId();
    const code = await registerGroup(group, "Ramat Gan seekers");
    const look = await api.call("GET", `/api/requests/group-code?code=${code}`, { token: eli.token });
    expect(look).toMatchObject({ status: 200, body: { chatName: "Ramat Gan seekers" } });
    expect(Date.parse(look.body.expiresAt as string)).toBeGreaterThan(Date.now());
    // Nothing was created and the code is still anyone's: another person may still take it.
    const eliBots = (await api.call("GET", "/api/requests", { token: eli.token })).body as unknown as Json[];
    expect(eliBots.filter((b) => b.chatId === String(group))).toEqual([]);
    expect((await verify(dana, code)).status).toBe(200);
    expect(
      await api.call("GET", `/api/requests/group-code?code=${code}`, { token: eli.token }),
    ).toMatchObject({ status: 400, body: { message: GROUP_CODE_ERRORS.used } });
    expect((await api.call("GET", `/api/requests/group-code?code=ZZZZZZ`, { token: eli.token })).status).toBe(
      400,
    );
    expect((await api.call("GET", `/api/requests/group-code?code=${code}`)).status).toBe(401);
  });

  it("creates nothing from a link followed from elsewhere (the cookie alone, a navigation)", async () => {
    const group = groupId();
    const code = await registerGroup(group, "Cross-site group");
    const cookie = { cookie: `${COOKIE}=${eli.token}` };
    const url = `/api/requests/verifycode?code=${code}`;
    for (const headers of [
      cookie,
      {
        ...cookie,
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
      },
      {
        ...cookie,
        "sec-fetch-site": "same-site",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
      },
      { ...cookie, "sec-fetch-site": "same-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
      {
        ...cookie,
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
      },
    ])
      expect(await plainGet(url, headers), JSON.stringify(headers)).toMatchObject({
        status: 403,
        body: { code: "permission_denied" },
      });
    const eliBots = (await api.call("GET", "/api/requests", { token: eli.token })).body as unknown as Json[];
    expect(eliBots.filter((b) => b.chatId === String(group))).toEqual([]);
    // The app's own fetch (same origin, not a navigation) may, with the cookie as with a bearer.
    const app = {
      ...cookie,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "cors",
      "sec-fetch-dest": "empty",
    };
    expect(await plainGet(url, app)).toMatchObject({
      status: 200,
      body: { chatId: String(group) },
    });
  });

  it("refuses a 26th bot with 409 limit_reached, from the form and from a group's code", async () => {
    const owner = await api.register("Full");
    for (let i = 1; i <= 25; i++)
      expect(
        (
          await api.call("POST", "/api/requests/website-create", {
            token: owner.token,
            body: { botName: `b${i}` },
          })
        ).status,
      ).toBe(201);
    const limit = {
      status: 409,
      body: {
        code: "limit_reached",
        message: "You have 25 bots, the most an account can have. Delete one to add another.",
      },
    };
    expect(
      await api.call("POST", "/api/requests/website-create", {
        token: owner.token,
        body: { botName: "b26" },
      }),
    ).toEqual(limit);
    const group = groupId();
    const code = await registerGroup(group, "One too many");
    expect(await verify(owner, code)).toEqual(limit);
    const bots = (await api.call("GET", "/api/requests", { token: owner.token })).body as unknown as Json[];
    expect(bots).toHaveLength(25);
    // Once a bot is deleted the same code (kept for this person) adds the group's bot.
    await api.call("DELETE", `/api/requests/${bots[0]?._id}`, { token: owner.token });
    expect(await verify(owner, code)).toMatchObject({ status: 200, body: { chatId: String(group) } });
  }, 60_000);

  it("says what to do when it is added to a group", async () => {
    const group = groupId();
    double.addedToGroup(group, "New group");
    await waitFor(async () => double.sentTo(group)[0], "the bot's greeting");
    expect(double.sentTo(group)).toEqual([REGISTER_REPLIES.added]);
  });

  it("answers /register outside a group with how to use it", async () => {
    const chatId = 6000 + Math.floor(Math.random() * 1e6);
    double.userSays({ chatId, username: "dana" }, "/register");
    await waitFor(async () => double.sentTo(chatId)[0], "the bot's answer");
    expect(double.sentTo(chatId)).toEqual([REGISTER_REPLIES.notGroup]);
  });

  it("posts a match to the group as well as to the web chat, once, after Telegram's 429", async () => {
    const group = groupId();
    const bot = (await verify(dana, await registerGroup(group, "Dizengoff crew"))).body;
    const min = 100_000 + Math.floor(Math.random() * 800_000);
    const saved = await api.call("PATCH", `/api/requests/${bot._id}`, {
      token: dana.token,
      body: { isActive: true, neighborhoodCodes: [FLORENTIN], priceLimit: [min, min + 1000], rooms: 1 },
    });
    expect(saved.status).toBe(200);
    // Telegram asks to slow down on the first try: the post is sent again, and once.
    double.throttleNext = 1;
    const ingested = await api.listings.ingest({
      listings: [
        {
          source: "yad2",
          externalId: uniqueId(),
          neighborhoodCode: FLORENTIN,
          street: "ויטל",
          houseNumber: "4",
          price: min + 500,
          rooms: 3,
          size: 70,
          link: "https://www.yad2.co.il/item/abc123",
        },
      ],
    });
    const listingId = ingested.outcomes[0]?.id;
    const chats = (await api.call("GET", "/api/chats", { token: dana.token })).body as unknown as Json[];
    const webChat = chats.find((c) => c.botId === bot._id)?._id;
    await waitFor(async () => {
      const r = await api.call("GET", `/api/chats/${webChat}`, { token: dana.token });
      return (r.body.messages as Json[]).some((m) => m.asset?._id === listingId) ? true : undefined;
    }, "the web chat's message");
    // A retried delivery: on CI's loaded multi-process pass it once took longer than the default.
    const post = await waitFor(
      async () => double.sentTo(group).find((t) => t.includes("yad2.co.il/item/abc123")),
      "the group's post",
      60_000,
    );
    expect(post).toContain("🏠 Dizengoff crew: a new listing");
    expect(post).toContain(`3 rooms · 70 m² · ₪${(min + 500).toLocaleString("en-US")}`);
    expect(post).toContain(`${PUBLIC}/chats/${webChat}`);
    expect(double.sentTo(group).filter((t) => t === post)).toHaveLength(1);
    expect(double.throttleNext).toBe(0); // the first try met the 429
  }, 90_000);

  it("keeps delivering to the web chat when Telegram refuses the group", async () => {
    const group = groupId();
    const bot = (await verify(eli, await registerGroup(group, "Gone group"))).body;
    double.kickedFrom.add(String(group));
    const min = 100_000 + Math.floor(Math.random() * 800_000);
    await api.call("PATCH", `/api/requests/${bot._id}`, {
      token: eli.token,
      body: { isActive: true, neighborhoodCodes: [FLORENTIN], priceLimit: [min, min + 1000], rooms: 1 },
    });
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const r = await api.listings.ingest({
        listings: [
          { source: "yad2", externalId: uniqueId(), neighborhoodCode: FLORENTIN, price: min + n, rooms: 2 },
        ],
      });
      ids.push(r.outcomes[0]?.id as string);
    }
    const chats = (await api.call("GET", "/api/chats", { token: eli.token })).body as unknown as Json[];
    const webChat = chats.find((c) => c.botId === bot._id)?._id;
    await waitFor(async () => {
      const r = await api.call("GET", `/api/chats/${webChat}`, { token: eli.token });
      const got = new Set((r.body.messages as Json[]).map((m) => m.asset?._id));
      return ids.every((id) => got.has(id)) ? true : undefined;
    }, "both messages in the web chat");
    expect(double.sentTo(group).filter((t) => t.includes("a new listing"))).toEqual([]);
  });
});
