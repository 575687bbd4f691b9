import { launch, loadSettings } from "@dirabot/platform";
import { createScraperFacebook } from "../src/module.ts";

// A scraper-facebook replica as its own process (the Deno test), reading on a short interval.
const running = await launch(loadSettings(process.env), [
  createScraperFacebook({ intervalMs: 1000, scrollWaitMs: 800 }),
]);
console.log(`PROBE_LISTENING ${running.port}`);
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
