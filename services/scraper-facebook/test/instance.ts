import { serveForTest } from "@dirabot/platform/testing";
import { createScraperFacebook } from "../src/module.ts";

// A scraper-facebook replica as its own process (the Deno test), reading on a short interval.
await serveForTest([createScraperFacebook({ intervalMs: 1000, scrollWaitMs: 800 })]);
