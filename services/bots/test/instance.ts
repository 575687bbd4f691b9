import { listings } from "@dirabot/listings";
import { serveForTest } from "@dirabot/platform/testing";
import { bots } from "../src/module.ts";

// The bots service with the listings service (its events' source) as a process of its own: the Deno test's.
await serveForTest([listings, bots]);
