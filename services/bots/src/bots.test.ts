import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../platform/test/helpers.ts";
import { admin, FLORENTIN, failure, type Harness, NEVE_TZEDEK, startBots, user } from "../test/harness.ts";

const form = { active: true, neighborhoodCodes: [FLORENTIN], priceMin: 3000, priceMax: 8000, minRooms: 2 };

describe("the bots service: bots and their settings", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots();
  });
  afterAll(() => h?.stop());

  it("creates a bot with its chat, no areas yet, and announces it", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ actor, botName: "  Florentin flats ", description: "3 rooms" });
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

  it("refuses a blank, whitespace or too long name and a too long description", async () => {
    const actor = user();
    for (const botName of ["", "   \n"]) {
      const err = await failure(h.bots.createBot({ actor, botName }));
      expect(err?.code).toBe(Code.InvalidArgument);
      expect(err?.rawMessage).toBe("Bot name is required");
    }
    expect((await failure(h.bots.createBot({ actor, botName: "x".repeat(101) })))?.code).toBe(
      Code.InvalidArgument,
    );
    expect(
      (await failure(h.bots.createBot({ actor, botName: "ok", description: "d".repeat(1001) })))?.code,
    ).toBe(Code.InvalidArgument);
    const { bots } = await h.bots.listBots({ actor });
    expect(bots).toEqual([]);
  });

  it("validates the settings form with the spec's messages, first failure first", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ actor, botName: "rules" });
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
      const err = await failure(h.bots.updateBot({ actor, id, ...form, ...change }));
      expect(err?.code, message).toBe(Code.InvalidArgument);
      expect(err?.rawMessage).toBe(message);
    }
    // Unknown codes are dropped (and repeats kept once) rather than refused.
    const { bot: saved } = await h.bots.updateBot({
      actor,
      id,
      ...form,
      neighborhoodCodes: [FLORENTIN, 123_456_789, FLORENTIN, NEVE_TZEDEK],
      priceMax: 1_000_000,
      minRooms: 10,
      merchant: false,
    });
    expect(saved).toMatchObject({
      neighborhoodCodes: [FLORENTIN, NEVE_TZEDEK],
      priceMin: 3000,
      priceMax: 1_000_000,
      minRooms: 10,
      merchant: false,
      active: true,
    });
    const { bot: read } = await h.bots.getBot({ actor, id });
    expect(read).toMatchObject({
      neighborhoodCodes: [FLORENTIN, NEVE_TZEDEK],
      merchant: false,
      minRooms: 10,
    });
  });

  it("saves the whole form, renames the bot and its chat, announces the change", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ actor, botName: "before", description: "old" });
    const id = bot?.id as string;
    const { bot: saved } = await h.bots.updateBot({ actor, id, ...form, active: false, botName: " after " });
    expect(saved).toMatchObject({ botName: "after", chatName: "after", description: "old", active: false });
    expect(saved?.updatedAt?.seconds).toBeGreaterThanOrEqual(bot?.updatedAt?.seconds ?? 0n);
    const err = await failure(h.bots.updateBot({ actor, id, ...form, botName: " " }));
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
    const { bot } = await h.bots.createBot({ actor: a, botName: "A's" });
    const id = bot?.id as string;
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const call of [
      (x: string) => h.bots.getBot({ actor: b, id: x }),
      (x: string) => h.bots.updateBot({ actor: b, id: x, ...form }),
      (x: string) => h.bots.deleteBot({ actor: b, id: x }),
    ]) {
      const errs = await Promise.all([id, unknown, "not-a-uuid"].map((x) => failure(call(x))));
      for (const err of errs) expect([err?.code, err?.rawMessage]).toEqual([Code.NotFound, "Bot not found"]);
    }
    expect((await h.bots.listBots({ actor: b })).bots).toEqual([]);
    const listAll = await failure(h.bots.listBots({ actor: b, all: true }));
    expect(listAll?.code).toBe(Code.PermissionDenied);

    const boss = admin();
    const { bot: seen } = await h.bots.getBot({ actor: boss, id });
    expect(seen?.userId).toBe(a.userId);
    const { bot: changed } = await h.bots.updateBot({ actor: boss, id, ...form });
    expect(changed).toMatchObject({ userId: a.userId, neighborhoodCodes: [FLORENTIN] });
    const { bots: everyone } = await h.bots.listBots({ actor: boss, all: true });
    expect(everyone.map((x) => x.id)).toContain(id);
    expect((await h.bots.listBots({ actor: boss })).bots).toEqual([]);
    await h.bots.deleteBot({ actor: boss, id });
    expect((await failure(h.bots.getBot({ actor: a, id })))?.code).toBe(Code.NotFound);
  });

  it("refuses a call without an actor", async () => {
    expect((await failure(h.bots.listBots({})))?.code).toBe(Code.Unauthenticated);
  });

  it("lists a user's own bots, newest first, and counts them", async () => {
    const actor = user();
    const first = (await h.bots.createBot({ actor, botName: "one" })).bot;
    const second = (await h.bots.createBot({ actor, botName: "two" })).bot;
    const { bots } = await h.bots.listBots({ actor });
    expect(bots.map((b) => b.id)).toEqual([second?.id, first?.id]);
    expect(await h.bots.countBots({ actor })).toMatchObject({ count: 2, createdLastDay: 2 });
    const all = await h.bots.countBots({ actor: admin() });
    expect(all.count).toBeGreaterThanOrEqual(2);
    expect(all.createdLastDay).toBeGreaterThanOrEqual(2);
    expect(all.createdLastDay).toBeLessThanOrEqual(all.count);
  });

  it("deletes a bot and announces it with its chat", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ actor, botName: "gone soon" });
    await h.bots.deleteBot({ actor, id: bot?.id });
    expect((await failure(h.bots.getBot({ actor, id: bot?.id })))?.code).toBe(Code.NotFound);
    expect((await failure(h.bots.deleteBot({ actor, id: bot?.id })))?.code).toBe(Code.NotFound);
    expect(await h.bots.countBots({ actor })).toMatchObject({ count: 0 });
    const deleted = await waitFor(
      async () => h.recorder.seen.find((e) => e.type === "bot.deleted" && e.payload.botId === bot?.id),
      "bot.deleted",
    );
    expect(deleted.payload).toMatchObject({ userId: actor.userId, chatId: bot?.chatId });
  });

  it("names the areas active bots watch (for the Yad2 scraper)", async () => {
    const actor = user();
    const { bot } = await h.bots.createBot({ actor, botName: "areas" });
    await h.bots.updateBot({ actor, id: bot?.id, ...form, neighborhoodCodes: [NEVE_TZEDEK] });
    const { neighborhoodCodes } = await h.bots.listWatchedAreas({});
    expect(neighborhoodCodes).toContain(NEVE_TZEDEK);
    expect(neighborhoodCodes).toEqual([...new Set(neighborhoodCodes)].sort((x, y) => x - y));
  });
});
