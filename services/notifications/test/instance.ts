import { serveForTest } from "@dirabot/platform/testing";
import { notifications } from "../src/module.ts";

// The notifications service as a process of its own: the Deno test's.
await serveForTest([notifications]);
