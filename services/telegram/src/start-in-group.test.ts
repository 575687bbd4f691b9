import { type Client, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { asUser, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotApiDouble } from "../test/bot-api-double.ts";
import { testSettings } from "../test/env.ts";
import { REPLIES, START_IN_GROUP } from "./bot.ts";
import { createTelegram } from "./module.ts";

/**
 * A link code sent in a group must not link the group: the account's password-reset codes would
 * then be read by everyone in it. Updates reach the bot from the Bot API double over HTTP.
 */
describe("/start in a group", () => {
  let double: BotApiDouble;
  let running: Running;
  let tg: Client<typeof TelegramService>;

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

  it("explains, links nothing, and burns the code: nobody in the group can use it elsewhere", async () => {
    const userId = uniqueId();
    const { code } = await tg.createLinkCode({}, asUser(userId));
    const group = { chatId: -1_009_300_001, username: "dana_k", groupTitle: "Flat hunters TLV" };
    double.userSays(group, `/start ${code}`);
    double.userSays(group, `/start@${double.botUsername} ${code}`);
    double.userSays(group, "/start");
    await answers(group.chatId, 3);
    expect(double.sentTo(group.chatId)).toEqual([START_IN_GROUP, START_IN_GROUP, START_IN_GROUP]);
    expect(await tg.getLink({ userId }, asUser(userId))).toMatchObject({ linked: false, username: "" });

    // A group member trying the code in their own private chat gets nothing.
    double.userSays({ chatId: 9300, username: "eavesdropper" }, `/start ${code}`);
    await answers(9300, 1);
    expect(double.sentTo(9300)).toEqual([REPLIES.used]);
    expect(await tg.getLink({ userId }, asUser(userId))).toMatchObject({ linked: false, username: "" });

    // The owner links with a fresh code from their profile.
    const fresh = await tg.createLinkCode({}, asUser(userId));
    double.userSays({ chatId: 9301, username: "dana_k" }, `/start ${fresh.code}`);
    await answers(9301, 1);
    expect(double.sentTo(9301)).toEqual([REPLIES.linked]);
    expect(await tg.getLink({ userId }, asUser(userId))).toMatchObject({ linked: true, username: "dana_k" });
    expect(double.sentTo(group.chatId)).toHaveLength(3);
  });

  it("keeps an existing link when /start with a fresh code comes from a group", async () => {
    const userId = uniqueId();
    const first = await tg.createLinkCode({}, asUser(userId));
    double.userSays({ chatId: 9302, username: "noa" }, `/start ${first.code}`);
    await answers(9302, 1);
    const second = await tg.createLinkCode({}, asUser(userId));
    double.userSays({ chatId: -1_009_300_002, groupTitle: "Roommates" }, `/start ${second.code}`);
    await answers(-1_009_300_002, 1);
    expect(double.sentTo(-1_009_300_002)).toEqual([START_IN_GROUP]);
    await tg.sendToUser({ userId, text: "Your password reset code: 123456" });
    expect(double.sentTo(9302).at(-1)).toBe("Your password reset code: 123456");
    expect(double.sentTo(-1_009_300_002)).toEqual([START_IN_GROUP]);
  });
});
