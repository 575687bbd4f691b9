import { launch, loadSettings } from "@dirabot/platform";
import { notifications } from "../src/module.ts";

// The notifications service as a process of its own: the Deno test's.
const running = await launch(loadSettings(process.env), [notifications]);
console.log(`PROBE_LISTENING ${running.port}`);
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
