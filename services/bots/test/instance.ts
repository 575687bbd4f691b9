import { listings } from "@dirabot/listings";
import { launch, loadSettings } from "@dirabot/platform";
import { bots } from "../src/module.ts";

// The bots service with the listings service (its events' source) as a process of its own: the Deno test's.
const running = await launch(loadSettings(process.env), [listings, bots]);
// No gateway here: its one listener is the internal one, where service calls are served.
console.log(`PROBE_LISTENING ${running.internalPort}`);
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
