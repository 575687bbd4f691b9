import { asActor } from "@dirabot/platform";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { describe, expect, it } from "vitest";
import { usePipeline } from "../test/pipeline.ts";
import { createdMessages } from "../test/recorder.ts";

const FLORENTIN = 205;
const NEVE_TZEDEK = 848;

describe("from a listing to the bot's chat, with the real listings and bots services", () => {
  const p = usePipeline();

  it("posts a matching listing once as an asset message, whatever source it comes from", async () => {
    const actor = { userId: uniqueId(), admin: false, sessionId: "" };
    const as = asActor(actor);
    const { bot } = await p.client.bots.createBot({ botName: "Florentin" }, as);
    const botId = bot?.id as string;
    const { chat: opened } = await p.client.chat.createChat({ botId }, as);
    expect(opened).toMatchObject({ id: bot?.chatId, botId, botName: "Florentin", userId: actor.userId });

    // A price band of this run's own, far above real rents: other runs' listings stay out of it.
    const min = 100_000 + Math.floor(Math.random() * 800_000);
    await p.client.bots.updateBot(
      {
        id: botId,
        active: true,
        neighborhoodCodes: [FLORENTIN],
        priceMin: min,
        priceMax: min + 1000,
        minRooms: 2,
      },
      as,
    );
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
    const phone = `052-${digits.slice(0, 3)}-${digits.slice(3)}`;
    const hit = await p.ingest("hit", { neighborhoodCode: FLORENTIN, price: min + 500, rooms: 3, phone });
    const dup = await p.ingest(
      "dup",
      { neighborhoodCode: FLORENTIN, price: min + 520, rooms: 3, phone },
      "facebook",
    );
    const dear = await p.ingest("dear", { neighborhoodCode: FLORENTIN, price: min + 1500, rooms: 3 });
    const far = await p.ingest("far", { neighborhoodCode: NEVE_TZEDEK, price: min + 500, rooms: 3 });
    const small = await p.ingest("small", { neighborhoodCode: FLORENTIN, price: min + 500, rooms: 1 });
    const sentinel = await p.ingest("last", { neighborhoodCode: FLORENTIN, price: min + 900, rooms: 2 });
    const ours = new Set([hit, dup, dear, far, small, sentinel]);

    // GetChat reads the chat, then its messages: the sentinel's transaction may commit between
    // the two, so wait until both show it (a count that never catches up still fails here).
    const page = await waitFor(async () => {
      const r = await p.client.chat.getChat({ chatId: bot?.chatId as string }, as);
      const settled =
        r.messages.some((m) => m.asset?.id === sentinel) && r.chat?.unreadCount === r.messages.length;
      return settled ? r : undefined;
    }, "the sentinel's message, counted");
    // On a shared database another test's listing may fall in the band too: judge ours only.
    const mine = page.messages.filter((m) => ours.has(m.asset?.id as string));
    expect(mine.map((m) => m.asset?.id).sort()).toEqual([hit, sentinel].sort());
    expect(page.totalMessages).toBe(page.messages.length);
    expect(page.chat?.unreadCount).toBe(page.messages.length);
    expect(page.messages.every((m) => m.type === "asset" && m.sender === undefined)).toBe(true);
    await waitFor(async () => {
      const seen = createdMessages(p.recorder.seen).filter(
        (m) => m.userId === actor.userId && ours.has(m.message?.asset?.id as string),
      );
      return seen.length === 2 ? true : undefined;
    }, "two announced messages");
  });
});
