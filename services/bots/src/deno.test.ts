import { createClient } from "@connectrpc/connect";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { denoInstance } from "@dirabot/platform/testing/vitest";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { describe, expect, it } from "vitest";
import { as, FLORENTIN, user } from "../test/harness.ts";

describe("the bots service under Deno", () => {
  const start = denoInstance("services/bots/test/instance.ts", ["listings", "bots"]);

  it("keeps a bot and sends it a matching listing", async () => {
    const { transport } = await start();
    const bots = createClient(BotsService, transport);
    const actor = user();
    const { bot } = await bots.createBot({ botName: "deno" }, as(actor));
    // A price of this run's own: no other listing of a shared database falls in the band.
    const price = 100_000 + Math.floor(Math.random() * 800_000);
    await bots.updateBot(
      {
        id: bot?.id,
        active: true,
        neighborhoodCodes: [FLORENTIN],
        priceMin: price - 1,
        priceMax: price + 1,
        minRooms: 1,
      },
      as(actor),
    );
    const { outcomes } = await createClient(ListingsService, transport).ingest({
      listings: [{ source: "yad2", externalId: `deno-${uniqueId()}`, neighborhoodCode: FLORENTIN, price }],
    });
    const listingId = outcomes[0]?.id as string;
    const seen = await waitFor(
      async () => {
        const { bot: b } = await bots.getBot({ id: bot?.id }, as(actor));
        return b?.seenPosts.includes(listingId) ? b.seenPosts : undefined;
      },
      "the match",
      30_000,
    );
    expect(seen).toContain(listingId);
  }, 90_000);
});
