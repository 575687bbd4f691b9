import { serveForTest } from "../instance.ts";
import { probeModule } from "./probe.ts";

// Starts the probe fixture as its own process (Node or Deno), the way a product service starts.
const role = (process.env.PROBE_ROLE ?? "both") as "producer" | "consumer" | "both";
await serveForTest([
  probeModule({ role, dieAfterApply: process.env.PROBE_DIE_AFTER_APPLY === "1", id: process.env.PROBE_ID }),
]);
