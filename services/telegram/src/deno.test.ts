import { createClient } from "@connectrpc/connect";
import { asUser, uniqueId, waitFor } from "@dirabot/platform/testing";
import { denoInstance } from "@dirabot/platform/testing/vitest";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { afterAll, describe, expect, it } from "vitest";
import { BotApiDouble } from "../test/bot-api-double.ts";
import { REPLIES } from "./bot.ts";

describe("the telegram service under Deno", () => {
  let double: BotApiDouble | undefined;
  afterAll(async () => {
    await double?.close();
  });
  const start = denoInstance("services/telegram/test/instance.ts", ["telegram"]);

  it("polls the Bot API with grammY and answers Connect calls", async () => {
    const userId = uniqueId();
    double = await BotApiDouble.start();
    const { transport } = await start({ TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url });
    const tg = createClient(TelegramService, transport);
    const { code, url } = await tg.createLinkCode({}, asUser(userId));
    expect(url).toBe(`https://t.me/${double.botUsername}?start=${code}`);
    const d = double;
    d.userSays({ chatId: 8001, username: "deno" }, `/start ${code}`);
    await waitFor(async () => (d.sentTo(8001).length > 0 ? true : undefined), "the bot's answer", 30_000);
    expect(d.sentTo(8001)).toEqual([REPLIES.linked]);
    expect(await tg.getLink({ userId: userId })).toMatchObject({ linked: true, username: "deno" });
  }, 90_000);
});
