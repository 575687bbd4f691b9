import { launch, loadSettings } from "@dirabot/platform";
import { createTelegram } from "../src/module.ts";

// A telegram replica as its own process (the poll-lock test's second instance on a shared database).
const running = await launch(loadSettings(process.env), [createTelegram({ lockRetryMs: 300 })]);
console.log(`PROBE_LISTENING ${running.port}`);
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
