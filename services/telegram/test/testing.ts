// What other packages' tests take of the telegram service (`@dirabot/telegram/testing`): the Bot
// API double, and the bot's pieces the gateway's tests drive.
export * from "../src/bot.ts";
export * from "../src/broadcast-sender.ts";
export * from "../src/groups.service.ts";
export * from "../src/link-notices.ts";
export * from "./bot-api-double.ts";
export * from "./env.ts";
