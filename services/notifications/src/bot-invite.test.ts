import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { launch, type Running } from "@dirabot/platform";
import { asUser, testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { BotInvited } from "@dirabot/proto/events";
import { BotInvitedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSource } from "../test/event-source.ts";
import { PushReceiver } from "../test/push-receiver.ts";
import { createNotifications } from "./module.ts";

/**
 * bot.invited: the invited account is told once, however often the event arrives, in its bell,
 * by push and, when it takes matches there, on Telegram, in its own language.
 */
describe("an invite to a shared bot", () => {
  let running: Running;
  let rx: PushReceiver;
  let bot: BotApiDouble;
  let client: ReturnType<typeof createClient<typeof NotificationsService>>;
  let users: ReturnType<typeof createClient<typeof IdentityService>>;
  let tg: ReturnType<typeof createClient<typeof TelegramService>>;
  const bots = eventSource("bots");
  let nextChat = 780_000 + Math.floor(Math.random() * 100_000);

  beforeAll(async () => {
    rx = await PushReceiver.start();
    bot = await BotApiDouble.start();
    running = await launch(
      testSettings({
        TELEGRAM_BOT_TOKEN: bot.token,
        TELEGRAM_API_ROOT: bot.url,
        PUSH_PRIVATE_HOSTS: rx.host,
        PUBLIC_URL: "https://dirabot.example",
      }),
      [
        identity,
        createNotifications({ pushAgent: rx.agent, pollMs: 100, schema: `notifications_${uniqueId()}` }),
        createTelegram({ lockRetryMs: 300 }),
        bots.module,
      ],
    );
    client = createClient(NotificationsService, trustedTransport(running));
    users = createClient(IdentityService, trustedTransport(running));
    tg = createClient(TelegramService, trustedTransport(running));
  });
  afterAll(async () => {
    await running?.stop();
    await bot?.close();
    await rx?.close();
  });

  async function person(firstname: string, opts: { telegramMatches: boolean; locale?: string }) {
    const r = await users.register({
      firstname,
      lastname: "Levi",
      email: `inv-${uniqueId()}@example.com`,
      password: "secret-pass-1",
      locale: opts.locale ?? "",
    });
    const id = r.session?.user?.id as string;
    const browser = rx.subscription();
    await client.subscribe({ subscription: { endpoint: browser.endpoint, ...browser.keys } }, asUser(id));
    const chatId = nextChat++;
    const { code } = await tg.createLinkCode({}, asUser(id));
    bot.userSays({ chatId, username: `u${chatId}` }, `/start ${code}`);
    await waitFor(async () => ((await tg.getLink({ userId: id })).linked ? true : undefined), "the link");
    await users.updateUser({ id, notify: { telegramMatches: opts.telegramMatches } }, asUser(id));
    const sent = () => bot.sent.filter((m) => m.chat_id === String(chatId) && !/linked|חובר/.test(m.text));
    return { id, browser, sent };
  }

  const invited = (
    inviterId: string,
    userId: string,
    token: string,
    expiresAt = new Date(Date.now() + 86_400_000),
  ) =>
    create(BotInvitedSchema, {
      botId: crypto.randomUUID(),
      botName: "Our flat",
      inviterId,
      userId,
      token,
      expiresAt: timestampFromDate(expiresAt),
    });

  it("tells a Hebrew invitee once, in the bell, by push and on Telegram, opening the invite", async () => {
    const avi = await person("Avi", { telegramMatches: false });
    const dana = await person("Dana", { telegramMatches: true, locale: "he" });
    const token = "t".repeat(32);
    await bots.publishTwice(BotInvited, invited(avi.id, dana.id, token));
    const title = "\u2068Avi Levi\u2069 הזמינו אותך לבוט \u2068Our flat\u2069";
    await rx.until(() => (rx.to(dana.browser.id).length ? true : undefined), "the push");
    const [msg] = await waitFor(async () => (dana.sent().length ? dana.sent() : undefined), "Telegram");
    expect(msg?.text.split("\n")[0]).toBe(title);
    expect(msg?.buttons).toEqual([{ text: "פתיחת ההזמנה", url: `https://dirabot.example/invite/${token}` }]);
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.to(dana.browser.id).map((p) => [p.payload.title, p.payload.url])).toEqual([
      [title, `/invite/${token}`],
    ]);
    expect(dana.sent()).toHaveLength(1);
    const { notifications } = await client.listNotifications({}, asUser(dana.id));
    expect(notifications.map((n) => [n.type, n.title, n.url])).toEqual([
      ["bot_invite", title, `/invite/${token}`],
    ]);
    // The inviter hears nothing.
    expect((await client.listNotifications({}, asUser(avi.id))).notifications).toEqual([]);
  });

  it("keeps Telegram out when the invitee takes no matches there, and tells nothing of an expired invite", async () => {
    const avi = await person("Avi", { telegramMatches: false });
    const erez = await person("Erez", { telegramMatches: false });
    await bots.publish(BotInvited, invited(avi.id, erez.id, "e".repeat(32), new Date(Date.now() - 1000)));
    await bots.publish(BotInvited, invited(avi.id, erez.id, "f".repeat(32)));
    await rx.until(() => (rx.to(erez.browser.id).length ? true : undefined), "the push");
    await new Promise((r) => setTimeout(r, 500));
    const { notifications } = await client.listNotifications({}, asUser(erez.id));
    expect(notifications.map((n) => [n.title, n.url])).toEqual([
      ["Avi Levi invited you to the bot Our flat", `/invite/${"f".repeat(32)}`],
    ]);
    expect(erez.sent()).toEqual([]);
  });
});
