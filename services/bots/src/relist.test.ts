import { create } from "@bufbuild/protobuf";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type Extra, FLORENTIN, type Harness, startBots, user } from "../test/harness.ts";

/**
 * Relisted and reposted flats with the real listings service: the same phone and address, at
 * whatever price, is the same flat — removed and listed again under a new id, or posted on another
 * source — so it joins the flat's group, keeps its age, and a bot that sent it sends nothing new.
 */
describe("a relisted or reposted flat is told once", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots();
  });
  afterAll(() => h?.stop());
  const tag = uniqueId();
  const put = async (source: string, id: string, extra: Extra) =>
    (
      await h.listings.ingest({
        listings: [create(ListingInputSchema, { source, externalId: `${tag}-${id}`, ...extra })],
      })
    ).outcomes[0]?.id as string;

  it("joins the removed flat's group when relisted 15% cheaper, and on another source, without a new match", async () => {
    const b = h.band(3000);
    const actor = user();
    const { bot } = await h.bots.createBot({ botName: "relists" }, as(actor));
    const botId = bot?.id as string;
    await h.bots.updateBot(
      {
        id: botId,
        active: true,
        neighborhoodCodes: [FLORENTIN],
        priceMin: b.min,
        priceMax: b.max,
        minRooms: 1,
      },
      as(actor),
    );
    const phone = `052${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const flat = {
      neighborhoodCode: FLORENTIN,
      rooms: 3,
      floor: 2,
      phone,
      street: `ויטל ${tag}`,
      houseNumber: "4",
    };
    const sent = async () => (await h.bots.getBot({ id: botId }, as(actor))).bot?.seenPosts ?? [];
    const first = await put("yad2", "a", { ...flat, price: b.min + 2000 });
    await waitFor(async () => (await sent()).includes(first) || undefined, "the flat's match");
    const before = (await h.listings.getListing({ id: first })).firstSeenAt;
    await h.listings.recordChecks({
      source: "yad2",
      results: [{ externalId: `${tag}-a`, outcome: "removed" }],
    });

    // Relisted under a new id, 15% cheaper: beyond the phone rule's 10% and the address rule's 5%.
    const again = await put("yad2", "b", { ...flat, price: b.min + 1700 });
    // Reposted on Facebook at yet another price.
    const repost = await put("facebook", "c", { ...flat, price: b.min + 1500 });
    const story = await h.listings.getListing({ id: again });
    expect(story.listing?.canonicalId).toBe(first);
    expect((await h.listings.getListing({ id: repost })).listing?.canonicalId).toBe(first);
    expect(story.firstSeenAt).toEqual(before);

    // Another flat at the same address on another floor is another flat: sent, and the sentinel.
    const upstairs = await put("yad2", "d", { ...flat, phone: "", floor: 5, price: b.min + 1000 });
    const seen = await waitFor(async () => {
      const ids = await sent();
      return ids.includes(upstairs) ? ids : undefined;
    }, "the other flat's match");
    expect(seen.filter((id) => [first, again, repost, upstairs].includes(id))).toEqual([first, upstairs]);
  });
});
