import { type Actor, toAppError } from "@dirabot/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, failure, type Harness, startBots, user } from "../test/harness.ts";
import { MAX_BOTS } from "./bots.service.ts";

const LIMIT = "You have 25 bots, the most an account can have. Delete one to add another.";

describe("at most 25 bots per account", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots();
  });
  afterAll(() => h?.stop());

  async function fill(actor: Actor, n: number) {
    for (let i = 0; i < n; i++) await h.bots.createBot({ botName: `bot ${i + 1}` }, as(actor));
  }
  const mine = async (actor: Actor) => (await h.bots.listBots({}, as(actor))).bots.length;

  it("refuses the 26th bot with limit_reached, from the form and from a Telegram group", async () => {
    expect(MAX_BOTS).toBe(25);
    const actor = user();
    await fill(actor, 25);
    const err = toAppError(await failure(h.bots.createBot({ botName: "one more" }, as(actor))));
    expect({ code: err.code, status: err.status, message: err.message }).toEqual({
      code: "limit_reached",
      status: 409,
      message: LIMIT,
    });
    const group = { botName: "Haifa group", telegramChatId: "-100123", chatName: "Haifa group" };
    expect(toAppError(await failure(h.bots.createBot(group, as(actor)))).code).toBe("limit_reached");
    expect(await mine(actor)).toBe(25);

    // Room again after a delete; another account's bots are not counted.
    const [first] = (await h.bots.listBots({}, as(actor))).bots;
    await h.bots.deleteBot({ id: first?.id ?? "" }, as(actor));
    await h.bots.createBot(group, as(actor));
    expect(await mine(actor)).toBe(25);
    await h.bots.createBot({ botName: "someone else's" }, as(user()));
  });

  it("answers the group's existing bot at the cap (a retried link is not a new bot)", async () => {
    const actor = user();
    await fill(actor, 24);
    const group = { botName: "Jaffa group", telegramChatId: "-100456", chatName: "Jaffa group" };
    const { bot } = await h.bots.createBot(group, as(actor));
    const again = await h.bots.createBot(group, as(actor));
    expect(again.bot?.id).toBe(bot?.id);
  });

  it("lets only one of three concurrent creates at 24 through", async () => {
    const actor = user();
    await fill(actor, 24);
    const results = await Promise.all(
      ["a", "b", "c"].map((n) => failure(h.bots.createBot({ botName: `race ${n}` }, as(actor)))),
    );
    expect(results.filter((e) => e === undefined)).toHaveLength(1);
    expect(results.filter((e) => e && toAppError(e).code === "limit_reached")).toHaveLength(2);
    expect(await mine(actor)).toBe(25);
  });
});
