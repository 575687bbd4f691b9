import { clone, create } from "@bufbuild/protobuf";
import { type Bus, encodeEvent, type PlatformTables, type ServiceModule } from "@dirabot/platform";
import { eventsRecorder, uniqueId, waitFor } from "@dirabot/platform/testing";
import { BotPriceDropped, ListingPriceChanged, type PayloadOf } from "@dirabot/proto/events";
import { ListingPriceChangedSchema } from "@dirabot/proto/events/v1/listings_pb.js";
import { ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type Extra, FLORENTIN, type Harness, startBots, user } from "../test/harness.ts";

/**
 * Price drops of flats a bot has posted, with the real listings service as the source of the
 * price changes: each drop is told to the bot's chat once (a `bot.price_dropped`), a rise or the
 * same price again tells nothing, and a drop that brings a flat into range is a match instead.
 */
describe("price drops of a flat a bot already sent", () => {
  let h: Harness;
  let bus: Bus | undefined;
  const drops = eventsRecorder([BotPriceDropped]);
  // Publishes listings' events as a relay that crashed before marking them published would: twice.
  const relay: ServiceModule<PlatformTables> = {
    name: `relay-${uniqueId()}`,
    schema: `relay_${uniqueId()}`,
    async start(ctx) {
      bus = ctx.bus;
      return {};
    },
  };
  beforeAll(async () => {
    h = await startBots({ modules: [drops.module, relay] });
  });
  afterAll(() => h?.stop());

  const dropsOf = (botId: string, listingId?: string): PayloadOf<typeof BotPriceDropped>[] =>
    drops.seen
      .filter((e) => e.type === "bot.price_dropped" && e.payload.botId === botId)
      .map((e) => e.payload as PayloadOf<typeof BotPriceDropped>)
      .filter((d) => listingId === undefined || d.listing?.id === listingId);

  async function bot() {
    const p = h.band();
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: `drops ${p.min}` }, as(actor));
    const b = { ...p, id: bot?.id as string, chatId: bot?.chatId as string, actor };
    await activate(b, true);
    return b;
  }

  /** The settings form, whole (as the dialog sends it), with the bot on or paused. */
  const activate = (
    b: { id: string; min: number; max: number; actor: ReturnType<typeof user> },
    active: boolean,
  ) =>
    h.bots.updateBot(
      { id: b.id, active, neighborhoodCodes: [FLORENTIN], priceMin: b.min, priceMax: b.max, minRooms: 1 },
      as(b.actor),
    );

  /** A flat of this run, posted to the bot: its id and its external number (to change it). */
  async function posted(botId: string, flat: Extra, source = "yad2") {
    const id = await h.ingest(flat, source);
    const no = h.ingested;
    await waitFor(
      async () => h.recorder.matched(botId).some((m) => m.listing?.id === id) || undefined,
      "the flat's match",
    );
    return { id, no };
  }

  it("tells each drop once: not a repeated poll, not the flat's other source, not a rise, not a redelivery", async () => {
    const b = await bot();
    const phone = `054${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const flat = { neighborhoodCode: FLORENTIN, rooms: 3, phone };
    const a = await posted(b.id, { ...flat, price: b.min + 800 });

    await h.change(a.no, { ...flat, price: b.min + 600 });
    const first = await waitFor(async () => dropsOf(b.id, a.id)[0], "the first drop");
    expect(first).toMatchObject({
      botId: b.id,
      userId: b.actor.userId,
      chatId: b.chatId,
      botName: `drops ${b.min}`,
      oldPrice: b.min + 800,
      newPrice: b.min + 600,
    });
    expect(first.listing?.price).toBe(b.min + 600);

    await h.change(a.no, { ...flat, price: b.min + 600 }); // the same price polled again
    // The same flat on Facebook (its phone): one group, already posted, so no match either.
    const fb = await h.ingest({ ...flat, price: b.min + 650 }, "facebook");
    const fbNo = h.ingested;
    await h.change(fbNo, { ...flat, price: b.min + 600 }, "facebook"); // drops to the price told
    await h.change(a.no, { ...flat, price: b.min + 700 }); // a rise
    await h.change(a.no, { ...flat, price: b.min + 550 }); // a later drop, told again
    await waitFor(async () => dropsOf(b.id, a.id)[1], "the second drop");

    // A later drop whose event arrives twice (under two bus ids): the inbox takes it once.
    const { listing } = await h.listings.getListing({ id: a.id });
    const lower = clone(ListingSchema, listing ?? create(ListingSchema));
    lower.price = b.min + 400;
    const again = create(ListingPriceChangedSchema, {
      listing: lower,
      oldPrice: b.min + 550,
      newPrice: b.min + 400,
    });
    const ev = encodeEvent(ListingPriceChanged, again);
    await bus?.publish(ev.subject, ev.data, ev.id);
    await bus?.publish(ev.subject, ev.data, `${ev.id}-again`);

    // A sentinel: another posted flat's drop, told after all of the above were handled.
    const s = await posted(b.id, { neighborhoodCode: FLORENTIN, rooms: 2, price: b.min + 900 });
    await h.change(s.no, { neighborhoodCode: FLORENTIN, rooms: 2, price: b.min + 850 });
    await waitFor(async () => dropsOf(b.id, s.id)[0], "the sentinel's drop");
    await waitFor(async () => dropsOf(b.id, a.id)[2], "the redelivered drop");

    expect(dropsOf(b.id, a.id).map((d) => [d.oldPrice, d.newPrice])).toEqual([
      [b.min + 800, b.min + 600],
      [b.min + 700, b.min + 550],
      [b.min + 550, b.min + 400],
    ]);
    expect(dropsOf(b.id).filter((d) => d.listing?.id === fb)).toEqual([]);
    expect(h.recorder.matched(b.id).filter((m) => m.listing?.id === fb)).toEqual([]);
  });

  it("tells changes handled out of order by when they happened: an older one neither told nor kept", async () => {
    const b = await bot();
    const flat = { neighborhoodCode: FLORENTIN, rooms: 3 };
    const a = await posted(b.id, { ...flat, price: b.min + 900 });
    const { listing } = await h.listings.getListing({ id: a.id });
    // Changes of the flat, made in this order (each a later time), as the listings service would
    // publish them: a drop, a further drop, a rise, a rise again, a drop.
    const change = async (oldPrice: number, newPrice: number) => {
      const at = clone(ListingSchema, listing ?? create(ListingSchema));
      at.price = newPrice;
      const ev = encodeEvent(
        ListingPriceChanged,
        create(ListingPriceChangedSchema, { listing: at, oldPrice, newPrice }),
      );
      await new Promise((r) => setTimeout(r, 5)); // the next change is a later one
      return ev;
    };
    const first = await change(b.min + 900, b.min + 700);
    const second = await change(b.min + 700, b.min + 500);
    const rise = await change(b.min + 500, b.min + 600);
    const riseAgain = await change(b.min + 600, b.min + 800);
    const last = await change(b.min + 800, b.min + 400);
    // The second arrives first (the first failed once and comes back later).
    await bus?.publish(second.subject, second.data, second.id);
    await waitFor(async () => dropsOf(b.id, a.id)[0], "the second change's drop");
    await bus?.publish(first.subject, first.data, first.id);
    await bus?.publish(rise.subject, rise.data, rise.id);
    // A drop applied before the rise it followed (two replicas took one each): told from the
    // price the flat had just before it, not from the one before the rise.
    await bus?.publish(last.subject, last.data, last.id);
    await waitFor(async () => dropsOf(b.id, a.id)[1], "the last change's drop");
    await bus?.publish(riseAgain.subject, riseAgain.data, riseAgain.id);

    const s = await posted(b.id, { neighborhoodCode: FLORENTIN, rooms: 2, price: b.min + 950 });
    await h.change(s.no, { neighborhoodCode: FLORENTIN, rooms: 2, price: b.min + 850 });
    await waitFor(async () => dropsOf(b.id, s.id)[0], "the sentinel's drop");
    // The rise from the newest known price tells nothing; had the late first change overwritten
    // it (₪700), the rise to ₪600 would have been told as a drop.
    expect(dropsOf(b.id, a.id).map((d) => [d.oldPrice, d.newPrice])).toEqual([
      [b.min + 700, b.min + 500],
      [b.min + 800, b.min + 400],
    ]);
  });

  it("sends a flat a drop brings into range as a new match, without a drop message", async () => {
    const b = await bot();
    const flat = { neighborhoodCode: FLORENTIN, rooms: 3 };
    const id = await h.ingest({ ...flat, price: b.max + 300 });
    const no = h.ingested;
    await h.change(no, { ...flat, price: b.max - 100 });
    await waitFor(
      async () => h.recorder.matched(b.id).some((m) => m.listing?.id === id) || undefined,
      "the match at the new price",
    );
    const s = await posted(b.id, { ...flat, price: b.min + 900 });
    await h.change(s.no, { ...flat, price: b.min + 800 });
    await waitFor(async () => dropsOf(b.id, s.id)[0], "the sentinel's drop");
    expect(dropsOf(b.id, id)).toEqual([]);
    expect(h.recorder.matched(b.id).find((m) => m.listing?.id === id)?.listing?.price).toBe(b.max - 100);
  });

  it("tells a paused bot nothing, and once back its next drop from the price its chat last heard", async () => {
    const [b, other] = [await bot(), await bot()];
    const flat = { neighborhoodCode: FLORENTIN, rooms: 3 };
    const a = await posted(b.id, { ...flat, price: b.min + 800 });
    await activate(b, false);
    await h.change(a.no, { ...flat, price: b.min + 700 });
    // The paused bot's consumer has handled the drop once a flat posted to the other bot drops.
    const o = await posted(other.id, { ...flat, price: other.min + 900 });
    await h.change(o.no, { ...flat, price: other.min + 850 });
    await waitFor(async () => dropsOf(other.id, o.id)[0], "the other bot's drop");
    await activate(b, true);
    const s = await posted(b.id, { ...flat, price: b.min + 900 });
    await h.change(s.no, { ...flat, price: b.min + 850 });
    await waitFor(async () => dropsOf(b.id, s.id)[0], "the sentinel's drop");
    expect(dropsOf(b.id, a.id)).toEqual([]);
    expect(dropsOf(other.id).map((d) => d.listing?.id)).toEqual([o.id]);
    // Back: the next drop is told from the price the chat was sent (+800), not from +700.
    await h.change(a.no, { ...flat, price: b.min + 600 });
    const back = await waitFor(async () => dropsOf(b.id, a.id)[0], "the drop after the pause");
    expect([back.oldPrice, back.newPrice]).toEqual([b.min + 800, b.min + 600]);
  });
});
