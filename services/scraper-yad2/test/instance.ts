import { listings } from "@dirabot/listings";
import { serveForTest } from "@dirabot/platform/testing";
import { createScraperYad2 } from "../src/module.ts";
import { fast } from "./env.ts";

// The listings and scraper-yad2 services as their own process (the Deno test), with quick loops.
await serveForTest([listings, createScraperYad2({ ...fast, namespace: process.env.SCRAPER_TEST_NAMESPACE })]);
