import { listings } from "@dirabot/listings";
import { launch, loadSettings } from "@dirabot/platform";
import { createScraperYad2 } from "../src/module.ts";
import { fast } from "./env.ts";

// The listings and scraper-yad2 services as their own process (the Deno test), with quick loops.
const running = await launch(loadSettings(process.env), [
  listings,
  createScraperYad2({ ...fast, namespace: process.env.SCRAPER_TEST_NAMESPACE }),
]);
console.log(`PROBE_LISTENING ${running.port}`);
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
