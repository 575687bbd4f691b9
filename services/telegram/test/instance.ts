import { serveForTest } from "@dirabot/platform/testing";
import { createTelegram } from "../src/module.ts";

// A telegram replica as its own process (the poll-lock test's second instance on a shared
// database, and the Deno test's).
await serveForTest([createTelegram({ lockRetryMs: 300 })]);
