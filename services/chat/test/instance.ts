import { serveForTest } from "@dirabot/platform/testing";
import { chat } from "../src/module.ts";
import { botsDouble } from "./bots-double.ts";

// The chat service as a process of its own (the Deno test's), with the bots double knowing the
// one bot the test names, so CreateChat can fetch it across services.
const bots = botsDouble();
bots.bot(process.env.TEST_USER_ID ?? "", {
  id: process.env.TEST_BOT_ID,
  chatId: process.env.TEST_CHAT_ID,
  botName: "Deno",
});
await serveForTest([chat, bots.module]);
