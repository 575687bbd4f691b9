import { Code, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { remoteTransport, ServiceTrust } from "@dirabot/platform";
import { waitFor } from "@dirabot/platform/testing";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  admin,
  as,
  FLORENTIN,
  failure,
  type Harness,
  NEVE_TZEDEK,
  startBots,
  user,
} from "../test/harness.ts";

const form = { active: true, neighborhoodCodes: [FLORENTIN], priceMin: 3000, priceMax: 8000, minRooms: 2 };

describe("the bots service: bots and their settings", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots();
  });
  afterAll(() => h?.stop());

  it("creates a bot with its chat, no areas yet, and announces it", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot(
      { botName: "  Florentin flats ", description: "3 rooms" },
      as(actor),
    );
    expect(bot).toMatchObject({
      userId: actor.userId,
      botName: "Florentin flats",
      chatName: "Florentin flats",
      description: "3 rooms",
      active: true,
      neighborhoodCodes: [],
      priceMin: 0,
      priceMax: 20000,
      minRooms: 1,
      seenPosts: [],
    });
    expect(bot?.merchant).toBeUndefined();
    expect(bot?.chatId).toMatch(/^[0-9a-f-]{36}$/);
    const created = await waitFor(
      async () => h.recorder.seen.find((e) => e.type === "bot.created" && e.payload.bot.id === bot?.id),
      "bot.created",
    );
    expect(created.payload.bot.chatId).toBe(bot?.chatId);
  });

  it("creates a bot with its search in one call, watching from its first event", async () => {
    const actor = user();
    const search = {
      neighborhoodCodes: [FLORENTIN, NEVE_TZEDEK, 99_999_999],
      priceMin: 4000,
      priceMax: 7500,
      minRooms: 3,
      merchant: false,
    };
    const { bot } = await h.bots.createBot({ botName: "From the wizard", search }, as(actor));
    expect(bot).toMatchObject({
      active: true,
      neighborhoodCodes: [FLORENTIN, NEVE_TZEDEK],
      priceMin: 4000,
      priceMax: 7500,
      minRooms: 3,
      merchant: false,
    });
    const created = await waitFor(
      async () => h.recorder.seen.find((e) => e.type === "bot.created" && e.payload.bot.id === bot?.id),
      "bot.created",
    );
    expect(created.payload.bot.neighborhoodCodes).toEqual([FLORENTIN, NEVE_TZEDEK]);
  });

  it("refuses a search the settings form would refuse, and creates nothing", async () => {
    const actor = user();
    const ok = { neighborhoodCodes: [FLORENTIN], priceMin: 0, priceMax: 5000, minRooms: 2 };
    const cases: [typeof ok, string][] = [
      [{ ...ok, neighborhoodCodes: [] }, "Please select at least one area"],
      [{ ...ok, neighborhoodCodes: [99_999_999] }, "Please select at least one area"],
      [{ ...ok, minRooms: 11 }, "Please set a valid number of rooms (1-10)"],
      [{ ...ok, priceMin: 6000 }, "Please set a valid price range"],
    ];
    for (const [search, message] of cases) {
      const err = await failure(h.bots.createBot({ botName: "bad search", search }, as(actor)));
      expect(err?.code).toBe(Code.InvalidArgument);
      expect(err?.rawMessage).toBe(message);
    }
    expect((await h.bots.listBots({}, as(actor))).bots).toEqual([]);
  });

  it("creates a Telegram group's bot with its search, watching it from the first moment", async () => {
    const actor = user();
    const group = { botName: "Haifa seekers", telegramChatId: "-100777", chatName: "Haifa seekers" };
    const search = { neighborhoodCodes: [FLORENTIN], priceMin: 3500, priceMax: 6500, minRooms: 2 };
    const { bot } = await h.bots.createBot({ ...group, search }, as(actor));
    expect(bot).toMatchObject({
      telegramChatId: "-100777",
      chatName: "Haifa seekers",
      ...search,
      active: true,
    });
    const created = await waitFor(
      async () => h.recorder.seen.find((e) => e.type === "bot.created" && e.payload.bot.id === bot?.id),
      "bot.created",
    );
    expect(created.payload.bot.neighborhoodCodes).toEqual([FLORENTIN]);
  });

  it("checks a creation without making it when asked to validate only", async () => {
    const actor = user();
    const group = { botName: "Group", telegramChatId: "-100888", chatName: "Group", validateOnly: true };
    const search = { neighborhoodCodes: [FLORENTIN], priceMin: 0, priceMax: 5000, minRooms: 2 };
    expect((await h.bots.createBot({ ...group, search }, as(actor))).bot).toBeUndefined();
    const bad = await failure(
      h.bots.createBot({ ...group, search: { ...search, neighborhoodCodes: [] } }, as(actor)),
    );
    expect(bad?.code).toBe(Code.InvalidArgument);
    expect(bad?.rawMessage).toBe("Please select at least one area");
    expect((await h.bots.listBots({}, as(actor))).bots).toEqual([]);
    expect(
      h.recorder.seen.some((e) => e.type === "bot.created" && e.payload.bot.userId === actor.userId),
    ).toBe(false);
  });

  it("refuses a blank, whitespace, too long or NUL-bearing name and a too long or NUL-bearing description", async () => {
    const actor = user();
    for (const botName of ["", "   \n"]) {
      const err = await failure(h.bots.createBot({ botName }, as(actor)));
      expect(err?.code).toBe(Code.InvalidArgument);
      expect(err?.rawMessage).toBe("Bot name is required");
    }
    expect((await failure(h.bots.createBot({ botName: "x".repeat(101) }, as(actor))))?.code).toBe(
      Code.InvalidArgument,
    );
    expect(
      (await failure(h.bots.createBot({ botName: "ok", description: "d".repeat(1001) }, as(actor))))?.code,
    ).toBe(Code.InvalidArgument);
    // NUL cannot be stored: the caller's mistake (400), not a failure of ours (500).
    for (const fields of [{ botName: "a\u0000b" }, { botName: "ok", description: "\u0000" }]) {
      const err = await failure(h.bots.createBot(fields, as(actor)));
      expect(err?.code).toBe(Code.InvalidArgument);
      expect(err?.rawMessage).toMatch(/cannot contain NUL characters/);
    }
    const { bots } = await h.bots.listBots({}, as(actor));
    expect(bots).toEqual([]);
  });

  it("validates the settings form with the form's own messages, first failure first", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: "rules" }, as(actor));
    const id = bot?.id as string;
    const tries: [Partial<typeof form>, string][] = [
      [{ neighborhoodCodes: [] }, "Please select at least one area"],
      [{ neighborhoodCodes: [123_456_789] }, "Please select at least one area"],
      [{ neighborhoodCodes: [], minRooms: 0, priceMin: 9000 }, "Please select at least one area"],
      [{ minRooms: 0 }, "Please set a valid number of rooms (1-10)"],
      [{ minRooms: 11 }, "Please set a valid number of rooms (1-10)"],
      [{ minRooms: 11, priceMin: 9000 }, "Please set a valid number of rooms (1-10)"],
      [{ priceMin: 8000 }, "Please set a valid price range"],
      [{ priceMin: 9000 }, "Please set a valid price range"],
      [{ priceMin: -1 }, "Please set a valid price range"],
      [{ priceMax: 1_000_001 }, "Please set a valid price range"],
    ];
    for (const [change, message] of tries) {
      const err = await failure(h.bots.updateBot({ id, ...form, ...change }, as(actor)));
      expect(err?.code, message).toBe(Code.InvalidArgument);
      expect(err?.rawMessage).toBe(message);
    }
    // Unknown codes are dropped (and repeats kept once) rather than refused.
    const { bot: saved } = await h.bots.updateBot(
      {
        id,
        ...form,
        neighborhoodCodes: [FLORENTIN, 123_456_789, FLORENTIN, NEVE_TZEDEK],
        priceMax: 1_000_000,
        minRooms: 10,
        merchant: false,
      },
      as(actor),
    );
    expect(saved).toMatchObject({
      neighborhoodCodes: [FLORENTIN, NEVE_TZEDEK],
      priceMin: 3000,
      priceMax: 1_000_000,
      minRooms: 10,
      merchant: false,
      active: true,
    });
    const { bot: read } = await h.bots.getBot({ id }, as(actor));
    expect(read).toMatchObject({
      neighborhoodCodes: [FLORENTIN, NEVE_TZEDEK],
      merchant: false,
      minRooms: 10,
    });
  });

  it("saves the whole form, renames the bot and its chat, announces the change", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: "before", description: "old" }, as(actor));
    const id = bot?.id as string;
    const { bot: saved } = await h.bots.updateBot(
      { id, ...form, active: false, botName: " after " },
      as(actor),
    );
    expect(saved).toMatchObject({ botName: "after", chatName: "after", description: "old", active: false });
    expect(saved?.updatedAt?.seconds).toBeGreaterThanOrEqual(bot?.updatedAt?.seconds ?? 0n);
    const err = await failure(h.bots.updateBot({ id, ...form, botName: " " }, as(actor)));
    expect(err?.rawMessage).toBe("Bot name is required");
    const updated = await waitFor(
      async () => h.recorder.seen.find((e) => e.type === "bot.updated" && e.payload.bot.id === id),
      "bot.updated",
    );
    expect(updated.payload.bot).toMatchObject({
      botName: "after",
      active: false,
      neighborhoodCodes: [FLORENTIN],
    });
  });

  it("hides a user's bot from another user exactly like an unknown id; admins reach it", async () => {
    const a = user();
    const b = user();
    const { bot } = await h.bots.createBot({ botName: "A's" }, as(a));
    const id = bot?.id as string;
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const call of [
      (x: string) => h.bots.getBot({ id: x }, as(b)),
      (x: string) => h.bots.updateBot({ id: x, ...form }, as(b)),
      (x: string) => h.bots.deleteBot({ id: x }, as(b)),
    ]) {
      const errs = await Promise.all([id, unknown, "not-a-uuid"].map((x) => failure(call(x))));
      for (const err of errs) expect([err?.code, err?.rawMessage]).toEqual([Code.NotFound, "Bot not found"]);
    }
    expect((await h.bots.listBots({}, as(b))).bots).toEqual([]);
    const listAll = await failure(h.bots.listBots({ all: true }, as(b)));
    expect(listAll?.code).toBe(Code.PermissionDenied);

    const boss = admin();
    const { bot: seen } = await h.bots.getBot({ id }, as(boss));
    expect(seen?.userId).toBe(a.userId);
    const { bot: changed } = await h.bots.updateBot({ id, ...form }, as(boss));
    expect(changed).toMatchObject({ userId: a.userId, neighborhoodCodes: [FLORENTIN] });
    const { bots: everyone } = await h.bots.listBots({ all: true }, as(boss));
    expect(everyone.map((x) => x.id)).toContain(id);
    expect((await h.bots.listBots({}, as(boss))).bots).toEqual([]);
    await h.bots.deleteBot({ id }, as(boss));
    expect((await failure(h.bots.getBot({ id }, as(a))))?.code).toBe(Code.NotFound);
  });

  it("refuses a call without an actor", async () => {
    expect((await failure(h.bots.listBots({})))?.code).toBe(Code.Unauthenticated);
  });

  it("takes the actor from a valid credential only: none, a forged one or a field in the request change nothing", async () => {
    const [a, b] = [user(), user()];
    const { bot: mine } = await h.bots.createBot({ botName: "A's" }, as(a));
    const { bot: theirs } = await h.bots.createBot({ botName: "B's" }, as(b));
    const internal = `http://127.0.0.1:${h.running.internalPort}`;
    // No credential at all: the actor has nowhere to travel and the call is refused.
    const bare = createClient(BotsService, createConnectTransport({ baseUrl: internal, httpVersion: "2" }));
    // A credential naming B as an admin, signed with a secret that is not the deployment's.
    const forged = createClient(
      BotsService,
      remoteTransport(internal, new ServiceTrust("x".repeat(40)), "gateway"),
    );
    for (const client of [bare, forged])
      for (const call of [
        () => client.listBots({}, as({ ...b, admin: true })),
        () => client.listBots({ all: true }, as({ ...b, admin: true })),
        () => client.getBot({ id: theirs?.id }, as(b)),
      ])
        expect((await failure(call()))?.code).toBe(Code.Unauthenticated);

    // Connect JSON with A's valid credential: plain, then with an actor field (no longer in the
    // contract) naming B as an admin, alone and asking for every bot.
    const token = await h.running.trust.mint("gateway", "dirabot.bots.v1.BotsService", a);
    const listBots = async (body: object) => {
      const res = await fetch(`${internal}/dirabot.bots.v1.BotsService/ListBots`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      expect(text).not.toContain(theirs?.id);
      expect(text).not.toContain(b.userId);
      return { ok: res.ok, json: JSON.parse(text) };
    };
    const onlyA = [[mine?.id, a.userId]];
    const own = (json: { bots: Array<{ id: string; userId: string }> }) =>
      json.bots.map((x) => [x.id, x.userId]);
    const plain = await listBots({});
    expect(own(plain.json)).toEqual(onlyA);
    const forgedField = { actor: { userId: b.userId, admin: true } };
    const listed = await listBots(forgedField);
    // The JSON parser may refuse the unknown field; if it reads it, the field changes nothing.
    if (listed.ok) expect(own(listed.json)).toEqual(onlyA);
    else expect(listed.json.code).toBe("invalid_argument");
    const all = await listBots({ ...forgedField, all: true });
    expect(all.ok).toBe(false); // every bot is not A's to ask for, whatever the request claims
    expect(["invalid_argument", "permission_denied"]).toContain(all.json.code);
  });

  it("lists a user's own bots, newest first, and counts them", async () => {
    const actor = user();
    const first = (await h.bots.createBot({ botName: "one" }, as(actor))).bot;
    const second = (await h.bots.createBot({ botName: "two" }, as(actor))).bot;
    const { bots } = await h.bots.listBots({}, as(actor));
    expect(bots.map((b) => b.id)).toEqual([second?.id, first?.id]);
    expect(await h.bots.countBots({}, as(actor))).toMatchObject({ count: 2, createdLastDay: 2 });
    const all = await h.bots.countBots({}, as(admin()));
    expect(all.count).toBeGreaterThanOrEqual(2);
    expect(all.createdLastDay).toBeGreaterThanOrEqual(2);
    expect(all.createdLastDay).toBeLessThanOrEqual(all.count);
  });

  it("deletes a bot and announces it with its chat", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: "gone soon" }, as(actor));
    await h.bots.deleteBot({ id: bot?.id }, as(actor));
    expect((await failure(h.bots.getBot({ id: bot?.id }, as(actor))))?.code).toBe(Code.NotFound);
    expect((await failure(h.bots.deleteBot({ id: bot?.id }, as(actor))))?.code).toBe(Code.NotFound);
    expect(await h.bots.countBots({}, as(actor))).toMatchObject({ count: 0 });
    const deleted = await waitFor(
      async () => h.recorder.seen.find((e) => e.type === "bot.deleted" && e.payload.botId === bot?.id),
      "bot.deleted",
    );
    expect(deleted.payload).toMatchObject({ userId: actor.userId, chatId: bot?.chatId });
  });

  it("names the areas active bots watch (for the Yad2 scraper)", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: "areas" }, as(actor));
    await h.bots.updateBot({ id: bot?.id, ...form, neighborhoodCodes: [NEVE_TZEDEK] }, as(actor));
    const { neighborhoodCodes } = await h.bots.listWatchedAreas({});
    expect(neighborhoodCodes).toContain(NEVE_TZEDEK);
    expect(neighborhoodCodes).toEqual([...new Set(neighborhoodCodes)].sort((x, y) => x - y));
  });
});
