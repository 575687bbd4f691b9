import { type Client, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { asUser, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotApiDouble } from "../test/bot-api-double.ts";
import { testSettings } from "../test/env.ts";
import { REPLIES } from "./bot.ts";
import { createTelegram } from "./module.ts";
import { BOT_TEXTS } from "./texts.ts";

/**
 * The bot speaks the person's language (docs/PRODUCT.md, Languages): a reply the language of
 * their Telegram app, a linked account's messages the account's. Through the Bot API double.
 */
describe("the bot's language", () => {
  let double: BotApiDouble;
  let running: Running;
  let tg: Client<typeof TelegramService>;
  const he = BOT_TEXTS.he;

  beforeAll(async () => {
    double = await BotApiDouble.start();
    running = await launch(
      testSettings({ TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url }),
      [createTelegram({ lockRetryMs: 300 })],
    );
    tg = createClient(TelegramService, trustedTransport(running));
  });
  afterAll(async () => {
    await running?.stop();
    await double?.close();
  });

  const answers = (chatId: number, count: number) =>
    waitFor(async () => (double.sentTo(chatId).length >= count ? true : undefined), `${count} answers`);

  it("greets in the language of the person's Telegram app, English otherwise", async () => {
    double.userSays({ chatId: 9400, languageCode: "he" }, "/start");
    double.userSays({ chatId: 9401, languageCode: "en" }, "/start");
    double.userSays({ chatId: 9402 }, "/start");
    await Promise.all([answers(9400, 1), answers(9401, 1), answers(9402, 1)]);
    expect(double.sentTo(9400)).toEqual([he.replies.welcome]);
    expect(double.sentTo(9401)).toEqual([REPLIES.welcome]);
    expect(double.sentTo(9402)).toEqual([REPLIES.welcome]);
    double.userSays({ chatId: 9400, languageCode: "he" }, "/start ZZZZZZZZ");
    await answers(9400, 2);
    expect(double.sentTo(9400)[1]).toBe(he.replies.unknown);
  });

  it("confirms a Hebrew account's link in Hebrew, and tells the chat it replaced in Hebrew", async () => {
    const userId = uniqueId();
    const first = await tg.createLinkCode({ account: "noa@example.com", locale: "he" }, asUser(userId));
    double.userSays({ chatId: 9410, username: "noa", languageCode: "en" }, `/start ${first.code}`);
    await answers(9410, 1);
    expect(double.sentTo(9410)).toEqual(["החשבון שלך ב־Dirabot מחובר עכשיו ✅"]);

    const second = await tg.createLinkCode({ account: "noa@example.com", locale: "he" }, asUser(userId));
    double.userSays({ chatId: 9411, username: "someone" }, `/start ${second.code}`);
    await answers(9411, 1);
    await answers(9410, 2);
    const notice = double.sentTo(9410)[1] as string;
    expect(notice).toMatch(
      /^החשבון שלך ב־Dirabot \u2068noa@example\.com\u2069 חובר עכשיו לצ׳אט טלגרם אחר \(\u2068@someone\u2069\)/,
    );
    const undo = /\/undo_([A-Za-z2-9]{8})/.exec(notice)?.[1];
    double.userSays({ chatId: 9410, username: "noa", languageCode: "he" }, `/undo_${undo}`);
    await answers(9410, 3);
    expect(double.sentTo(9410)[2]).toBe(he.undo.undone);
  });

  it("gives a group's code in the language of whoever asked", async () => {
    double.userSays(
      { chatId: -1_009_400_001, groupTitle: "דירות בפלורנטין", languageCode: "he" },
      "/register",
    );
    await answers(-1_009_400_001, 1);
    expect(double.sentTo(-1_009_400_001)[0]).toMatch(/^הקוד שלך ב־Dirabot:\n[A-Z2-9]{6}\nהוא תקף ל־15 דקות/);
  });
});
