import { launch, loadSettings } from "../../src/index.ts";
import { probeModule } from "./probe.ts";

// Starts the probe fixture as its own process (Node or Deno), the way a product service starts.
const role = (process.env.PROBE_ROLE ?? "both") as "producer" | "consumer" | "both";
const running = await launch(loadSettings(process.env), [
  probeModule({ role, dieAfterApply: process.env.PROBE_DIE_AFTER_APPLY === "1", id: process.env.PROBE_ID }),
]);
console.log(`PROBE_LISTENING ${running.port}`);
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
