import { asActor } from "@dirabot/platform";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { describe, expect, it } from "vitest";
import { usePipeline } from "../test/pipeline.ts";
import { createdMessages } from "../test/recorder.ts";

const FLORENTIN = 205;

describe("a price drop of a flat the bot sent, in the bot's chat", () => {
  const p = usePipeline();

  it("posts 'Price dropped: ₪7,500 → ₪6,900' once per drop, as a message of its own after the flat", async () => {
    const actor = { userId: uniqueId(), admin: false, sessionId: "" };
    const as = asActor(actor);
    const { bot } = await p.client.bots.createBot({ botName: "Florentin drops" }, as);
    const chatId = bot?.chatId as string;
    await p.client.chat.createChat({ botId: bot?.id as string }, as);
    await p.client.bots.updateBot(
      {
        id: bot?.id,
        active: true,
        neighborhoodCodes: [FLORENTIN],
        priceMin: 6000,
        priceMax: 8000,
        minRooms: 2,
      },
      as,
    );
    const phone = `053${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const flat = { neighborhoodCode: FLORENTIN, rooms: 3, phone, street: `הרצל ${p.tag}`, houseNumber: "12" };
    const id = await p.ingest("flat", { ...flat, price: 7500 });
    // Another run's flats may match this bot on a shared database: only this flat's messages count.
    const ofFlat = async () =>
      (await p.client.chat.getChat({ chatId }, as)).messages.filter((m) => m.asset?.id === id);
    await waitFor(async () => ((await ofFlat()).length === 1 ? true : undefined), "the flat's match");

    await p.ingest("flat", { ...flat, price: 6900 });
    await p.ingest("flat", { ...flat, price: 6900 }); // the next poll sees the same price
    await p.ingest("flat", { ...flat, price: 7200 }); // a rise: nothing
    await p.ingest("flat", { ...flat, price: 6500 }); // a later drop: posted again
    const messages = await waitFor(async () => {
      const m = await ofFlat();
      return m.length >= 3 ? m : undefined;
    }, "two drop messages");
    expect(messages.map((m) => m.type)).toEqual(["asset", "price_drop", "price_drop"]);
    expect(messages.slice(1).map((m) => m.content)).toEqual([
      "Price dropped: ₪7,500 → ₪6,900",
      "Price dropped: ₪7,200 → ₪6,500",
    ]);
    // Each carries the flat at its new price and comes from the bot.
    expect(messages.slice(1).map((m) => [m.asset?.price, m.sender])).toEqual([
      [6900, undefined],
      [6500, undefined],
    ]);
    // Announced like any message (other runs' bots on a shared database may have the flat too).
    const created = await waitFor(async () => {
      const seen = createdMessages(p.recorder.seen).filter(
        (m) => m.message?.type === "price_drop" && m.message?.chatId === chatId,
      );
      return seen.length >= 2 ? seen : undefined;
    }, "the drops' messages.created");
    expect(created.map((m) => [m.userId, m.message?.content])).toEqual([
      [actor.userId, "Price dropped: ₪7,500 → ₪6,900"],
      [actor.userId, "Price dropped: ₪7,200 → ₪6,500"],
    ]);

    // A sentinel flat posted after all of it: nothing more came for the first one.
    const sentinel = await p.ingest("sentinel", { neighborhoodCode: FLORENTIN, rooms: 2, price: 7900 });
    const page = await waitFor(async () => {
      const r = await p.client.chat.getChat({ chatId }, as);
      return r.messages.some((m) => m.asset?.id === sentinel) ? r : undefined;
    }, "the sentinel's match");
    expect(page.messages.filter((m) => m.asset?.id === id)).toHaveLength(3);
    // Every message the bot posted counts as unread. The chat and its messages are two reads, and
    // on a shared database another run's flat may land between them: compare a read where no
    // message arrived in between.
    const settledPage = await waitFor(async () => {
      const r = await p.client.chat.getChat({ chatId }, as);
      return r.chat?.unreadCount === r.messages.length ? r : undefined;
    }, "the unread count and the messages read together");
    expect(settledPage.messages.length).toBeGreaterThanOrEqual(page.messages.length);
  });
});
