import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  type Bus,
  decodeEvent,
  encodeEvent,
  type PlatformTables,
  type ServiceModule,
} from "@dirabot/platform";
import { tempDir, uniqueId, waitFor } from "@dirabot/platform/testing";
import { ListingFactsChanged } from "@dirabot/proto/events";
import { ListingFactsChangedSchema } from "@dirabot/proto/events/v1/listings_pb.js";
import { FactsSchema, ListingInputSchema, ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, describe, expect, it } from "vitest";
import { as, type Extra, FLORENTIN, type Harness, startBots, user } from "../test/harness.ts";
import { newlyTrue } from "./late-facts.ts";

/**
 * Matching on facts that arrive late: Yad2's map feed carries no facts, its item
 * details bring them a moment later. A bot whose must-have the flat now meets gets it then, once,
 * across a redelivered event and a restart of the service; a bot that had the flat gets nothing
 * new; a flat without the must-have never arrives.
 */
describe("matching on facts learnt after a listing was announced", () => {
  const settings = { DATA_DIR: tempDir() };
  const tag = uniqueId();
  let h: Harness;
  // The raw `listing.facts_changed` events as the bus carried them, to deliver again.
  const raw: { id: string; listingId: string; data: Uint8Array }[] = [];
  let bus: Bus | undefined;
  const tap: ServiceModule<PlatformTables> = {
    name: `tap-${uniqueId()}`,
    schema: `tap_${uniqueId()}`,
    async start(ctx) {
      bus = ctx.bus;
      await ctx.bus.subscribe({
        durable: `tap-${uniqueId()}`,
        subjects: [ListingFactsChanged.subject],
        handler: async ({ data }) => {
          const e = decodeEvent(data, ListingFactsChangedSchema);
          raw.push({ id: e.id, listingId: e.payload.listing?.id ?? "", data });
        },
      });
      return {};
    },
  };
  const start = async () => {
    h = await startBots({ settings, modules: [tap] });
  };
  afterAll(() => h?.stop());

  /** A Yad2 flat of this test: the map feed's sighting (no facts), then its item details. */
  const yad2 = (key: string, extra: Extra) =>
    h.listings.ingest({
      listings: [create(ListingInputSchema, { source: "yad2", externalId: `${tag}-${key}`, ...extra })],
    });
  const mapFeed = async (key: string, price: number) =>
    (await yad2(key, { neighborhoodCode: FLORENTIN, price, rooms: 3 })).outcomes[0]?.id as string;
  const details = (key: string, facts: Record<string, boolean>) =>
    yad2(key, { description: `דירה ${tag} ${key}`, facts: create(FactsSchema, facts) });

  async function bot(
    p: { min: number; max: number },
    filters = { safeRoom: false, parking: false, elevator: false },
  ) {
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: `late ${p.min}`, filters }, as(actor));
    owners.set(bot?.id as string, actor);
    await h.bots.updateBot(
      {
        id: bot?.id,
        active: true,
        neighborhoodCodes: [FLORENTIN],
        priceMin: p.min,
        priceMax: p.max,
        minRooms: 1,
      },
      as(actor),
    );
    return bot?.id as string;
  }
  const owners = new Map<string, ReturnType<typeof user>>();
  const got = (botId: string, listingId: string) =>
    h.recorder.matched(botId).filter((m) => m.listing?.id === listingId);
  const SAFE = { safeRoom: true, parking: false, elevator: false };

  it("a safe-room bot gets a Yad2 flat once its details say it has one; a plain bot that had it gets nothing new; exactly once across a redelivery and a restart", async () => {
    await start();
    const band = h.band(2000);
    const safe = await bot(band, SAFE);
    const plain = await bot(band);
    const safeNo = await bot(h.band(), SAFE);

    const flat = await mapFeed("a", band.min + 100);
    await waitFor(async () => got(plain, flat)[0], "the plain bot's match on creation");
    expect(got(safe, flat)).toEqual([]);

    await details("a", { safeRoom: true, elevator: true });
    const late = await waitFor(async () => got(safe, flat)[0], "the safe-room bot's late match");
    expect(late).toMatchObject({ backfill: false, lateFacts: true });
    expect(late.listing?.facts).toMatchObject({ safeRoom: true, elevator: true });
    // What chat and notifications read of any match travels with it.
    expect(late.listing?.price).toBe(band.min + 100);
    expect(late.chatId).toBeTruthy();

    // The same event delivered again (a new bus id, the same envelope), and one like it under a
    // new event id (a relay's second staging): the inbox takes the first, the posts key the second.
    const seen = await waitFor(async () => raw.find((r) => r.listingId === flat), "the raw event");
    await bus?.publish(ListingFactsChanged.subject, seen.data, `${seen.id}-again`);
    const again = decodeEvent(seen.data, ListingFactsChangedSchema).payload;
    const ev = encodeEvent(ListingFactsChanged, again);
    await bus?.publish(ev.subject, ev.data, ev.id);

    // A flat whose details deny a safe room, and one whose details say nothing of it, in the
    // safe bot's band: neither ever arrives.
    const denied = await mapFeed("b", band.min + 200);
    await details("b", { safeRoom: false, parking: true });
    const silent = await mapFeed("c", band.min + 300);
    await details("c", { balcony: true });

    // A sentinel flat learnt late after all of the above: once it arrived, they were handled.
    const before = await mapFeed("s0", band.min + 400);
    await details("s0", { safeRoom: true });
    await waitFor(async () => got(safe, before)[0], "the first sentinel's late match");
    expect(got(safe, flat)).toHaveLength(1);
    expect(got(plain, flat)).toHaveLength(1);
    expect(got(safe, denied)).toEqual([]);
    expect(got(safe, silent)).toEqual([]);
    expect(got(safeNo, flat)).toEqual([]);

    // Restarted (the one-process shape: the service and its bus start again on the same data).
    await h.stop();
    await start();
    await bus?.publish(ListingFactsChanged.subject, seen.data, `${seen.id}-restarted`);
    await details("a", { safeRoom: true, elevator: true }); // the details read again: no change
    await mapFeed("a", band.min + 100);

    const sentinel = await mapFeed("s", band.min + 500);
    await details("s", { safeRoom: true });
    await waitFor(async () => got(safe, sentinel)[0], "the sentinel's late match");
    await waitFor(async () => got(plain, sentinel)[0], "the sentinel's plain match");

    // The new process's recorder saw nothing of the flat: no second post.
    expect(got(safe, flat)).toEqual([]);
    expect(got(plain, flat)).toEqual([]);
    expect(got(plain, sentinel)).toHaveLength(1);
    expect(got(plain, sentinel)[0]?.lateFacts).toBe(false);
    // The bot's posts: the flat once, as every match is recorded.
    const { bot: safeBot } = await h.bots.getBot({ id: safe }, as(owners.get(safe) ?? user()));
    expect(safeBot?.seenPosts.filter((id) => id === flat)).toEqual([flat]);
  }, 120_000);

  it("a safe-room bot that had the flat on Facebook gets nothing when its Yad2 listing learns the safe room", async () => {
    const band = h.band();
    const safe = await bot(band, SAFE);
    const phone = `052${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const place = { neighborhoodCode: FLORENTIN, phone, street: "ויטל", houseNumber: "9", rooms: 3 };
    const fb = (
      await h.listings.ingest({
        listings: [
          create(ListingInputSchema, {
            source: "facebook",
            externalId: `${tag}-fb`,
            description: `דירה ${tag} fb`,
            price: band.min + 100,
            facts: create(FactsSchema, { safeRoom: true }),
            ...place,
          }),
        ],
      })
    ).outcomes[0]?.id as string;
    await waitFor(async () => got(safe, fb)[0], "the Facebook post's match");
    const y = (await yad2("dup", { price: band.min + 100, ...place })).outcomes[0]?.id as string;
    const { listing } = await h.listings.getListing({ id: y });
    expect(listing?.canonicalId).toBe(fb); // one flat
    await details("dup", { safeRoom: true });

    const sentinel = await mapFeed("s2", band.min + 400);
    await details("s2", { safeRoom: true });
    await waitFor(async () => got(safe, sentinel)[0], "the sentinel's late match");
    expect(got(safe, y)).toEqual([]);
  }, 60_000);

  it("only a must-have turned true asks the bots again, and only within a new bot's recent window", () => {
    const listing = create(ListingSchema, { id: uniqueId(), firstSeenAt: timestampFromDate(new Date()) });
    const change = (fact: string, from: boolean | undefined, to: boolean) => ({ fact, from, to });
    const e = (changes: ReturnType<typeof change>[], l = listing) =>
      create(ListingFactsChangedSchema, { listing: l, changes });
    expect(newlyTrue(e([change("safe_room", undefined, true), change("balcony", undefined, true)]))).toEqual([
      "safe_room",
    ]);
    expect(newlyTrue(e([change("parking", false, true), change("elevator", true, false)]))).toEqual([
      "parking",
    ]);
    expect(newlyTrue(e([change("safe_room", true, false), change("balcony", undefined, true)]))).toEqual([]);
    const old = create(ListingSchema, {
      id: uniqueId(),
      firstSeenAt: timestampFromDate(new Date(Date.now() - 4 * 86_400_000)),
    });
    expect(newlyTrue(e([change("safe_room", undefined, true)], old))).toEqual([]);
  });
});
