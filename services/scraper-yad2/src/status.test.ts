import { Code, ConnectError } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { uniqueId } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSettings } from "../test/env.ts";
import { scrapingOf } from "../test/listings-view.ts";
import { createScraperYad2 } from "./module.ts";

describe("the scraper's status before any run", () => {
  let running: Running;
  beforeAll(async () => {
    running = await launch(testSettings({ YAD2_INTERVAL_SECONDS: "90", CLEANER_INTERVAL_SECONDS: "1800" }), [
      createScraperYad2({ autoStart: false, namespace: uniqueId() }),
    ]);
  });
  afterAll(() => running?.stop());

  it("shows both sources offline with 'not run yet', their interval and mode", async () => {
    const { sources } = await scrapingOf(running).getStatus({});
    expect(
      sources.map((s) => [s.name, s.state, s.lastError, s.intervalSeconds, s.mode, s.hasPreview]),
    ).toEqual([
      ["yad2-scraper", "offline", "not run yet", 90, "http", false],
      ["yad2-cleaner", "offline", "not run yet", 1800, "http", false],
    ]);
  });

  it("has no preview to show", async () => {
    const err = await scrapingOf(running)
      .getPreview({ name: "yad2-scraper" })
      .catch((e) => ConnectError.from(e));
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.NotFound);
  });
});
