import { createClient } from "@connectrpc/connect";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { denoInstance } from "@dirabot/platform/testing/vitest";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { afterAll, describe, expect, it } from "vitest";
import { Yad2Double } from "../test/yad2-double.ts";

describe("the scraper-yad2 service under Deno", () => {
  let yad2: Yad2Double | undefined;
  afterAll(async () => {
    await yad2?.close();
  });
  const start = denoInstance("services/scraper-yad2/test/instance.ts", ["listings", "scraper-yad2"]);

  it("crawls the Yad2 double and reports its run", async () => {
    yad2 = await Yad2Double.start({ unknownItems: "alive" });
    yad2.addListings(5, { city: 5000 });
    const { transport } = await start({
      YAD2_API_URL: yad2.url,
      YAD2_CITIES: "5000",
      SCRAPER_TEST_NAMESPACE: uniqueId(),
    });
    const scraping = createClient(ScrapingService, transport);
    const status = await waitFor(
      async () => {
        const s = (await scraping.getStatus({})).sources.find((x) => x.name === "yad2-scraper");
        return s?.state === "online" ? s : undefined;
      },
      "a successful run",
      90_000,
    );
    expect(status.itemsLastRun).toBe(5);
    expect(yad2.mapRequests().length).toBeGreaterThan(0);
  }, 150_000);
});
