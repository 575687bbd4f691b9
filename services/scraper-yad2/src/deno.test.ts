import { createClient } from "@connectrpc/connect";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { afterAll, describe, expect, it } from "vitest";
import {
  DENO,
  external,
  type Proc,
  startProcess,
  tempDir,
  trustedTransport,
  uniqueId,
  waitFor,
} from "../../platform/test/helpers.ts";
import { Yad2Double } from "../test/yad2-double.ts";

describe("the scraper-yad2 service under Deno", () => {
  let yad2: Yad2Double | undefined;
  let proc: Proc | undefined;
  afterAll(async () => {
    if (proc && proc.child.exitCode === null) proc.child.kill("SIGTERM");
    await proc?.exited;
    await yad2?.close();
  });

  it("crawls the Yad2 double and reports its run", async () => {
    yad2 = await Yad2Double.start({ unknownItems: "alive" });
    yad2.addListings(5, { city: 5000 });
    proc = startProcess(
      DENO,
      ["run", "-A", "--node-modules-dir=manual", "services/scraper-yad2/test/instance.ts"],
      {
        DATA_DIR: tempDir(),
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: external.database,
        NATS_URL: external.nats,
        YAD2_API_URL: yad2.url,
        YAD2_CITIES: "5000",
        SCRAPER_TEST_NAMESPACE: uniqueId(),
      },
    );
    const port = await proc.port;
    // No gateway in that process: its one port is internal, signed with the run's SERVICE_SECRET.
    const scraping = createClient(ScrapingService, trustedTransport(`http://127.0.0.1:${port}`));
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
