import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { launch, type Running } from "@dirabot/platform";
import { asUser, testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { ChatMessagesCreated } from "@dirabot/proto/events";
import { ChatMessageCreatedSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSource } from "../test/event-source.ts";
import { matchEvent } from "../test/match-event.ts";
import { PushReceiver } from "../test/push-receiver.ts";
import { createNotifications } from "./module.ts";

/**
 * Matches on Telegram: a user who turned "Send my matches to Telegram" on and linked an account
 * gets each match there (through the telegram service, against the local Bot API double), as
 * well as the push; off, or with no account linked, only the push goes.
 */
describe("matches on Telegram", () => {
  let running: Running;
  let rx: PushReceiver;
  let bot: BotApiDouble;
  let client: ReturnType<typeof createClient<typeof NotificationsService>>;
  let users: ReturnType<typeof createClient<typeof IdentityService>>;
  let tg: ReturnType<typeof createClient<typeof TelegramService>>;
  const chat = eventSource("chat");
  let offsetMs = 0;
  let nextChat = 880_000 + Math.floor(Math.random() * 100_000);

  beforeAll(async () => {
    rx = await PushReceiver.start();
    bot = await BotApiDouble.start();
    running = await launch(
      testSettings({
        TELEGRAM_BOT_TOKEN: bot.token,
        TELEGRAM_API_ROOT: bot.url,
        PUSH_PRIVATE_HOSTS: rx.host,
        // An address Telegram takes in a button (it refuses localhost's).
        PUBLIC_URL: "https://dirabot.example",
      }),
      [
        identity,
        createNotifications({
          pushAgent: rx.agent,
          now: () => new Date(Date.now() + offsetMs),
          pollMs: 100,
          schema: `notifications_${uniqueId()}`, // its clock moves: no other test process may act for it
        }),
        createTelegram({ lockRetryMs: 300 }),
        chat.module,
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

  /** A user with a subscribed browser, maybe a linked Telegram chat, and the Telegram setting. */
  async function person(opts: { linked: boolean; telegramMatches: boolean; locale?: string }) {
    const r = await users.register({
      firstname: "Tg",
      lastname: "Tester",
      email: `tg-${uniqueId()}@example.com`,
      password: "secret-pass-1",
      locale: opts.locale ?? "",
    });
    const id = r.session?.user?.id as string;
    const browser = rx.subscription();
    await client.subscribe({ subscription: { endpoint: browser.endpoint, ...browser.keys } }, asUser(id));
    const chatId = nextChat++;
    if (opts.linked) {
      const { code } = await tg.createLinkCode({}, asUser(id));
      bot.userSays({ chatId, username: `u${chatId}` }, `/start ${code}`);
      await waitFor(async () => ((await tg.getLink({ userId: id })).linked ? true : undefined), "the link");
    }
    await users.updateUser({ id, notify: { telegramMatches: opts.telegramMatches } }, asUser(id));
    // The link's confirmation (either language) is not a match.
    const sent = () => bot.sent.filter((m) => m.chat_id === String(chatId) && !/linked|חובר/.test(m.text));
    return { id, browser, sent };
  }

  const match = (userId: string, price: number) =>
    chat.publish(
      ChatMessagesCreated,
      matchEvent(userId, {
        price,
        images: [bot.photoUrl], // a picture Telegram (the double) can fetch
        link: "https://www.yad2.co.il/item/xyz",
        phone: "052-7654321",
        street: "Vital",
      }),
    );
  const pushed = (p: { browser: { id: string } }, n = 1) =>
    rx.until(() => (rx.to(p.browser.id).length >= n ? true : undefined), "the push");

  it("sends each match to the linked account when the user turned it on", async () => {
    const p = await person({ linked: true, telegramMatches: true });
    await match(p.id, 6100);
    await pushed(p);
    const [msg] = await waitFor(async () => (p.sent().length ? p.sent() : undefined), "the Telegram message");
    expect(msg?.text).toContain("New match: Florentin");
    expect(msg?.text).toContain("₪6,100 · 3 rooms");
    expect(msg?.text).toContain("Vital 4, Florentin, Tel Aviv");
    expect(msg?.text).toContain("https://www.yad2.co.il/item/xyz");
    expect(msg?.text).toContain("📞 052-7654321");
    const story = /^https:\/\/dirabot\.example\/chats\/[0-9a-f-]{36}\?message=[0-9a-f-]{36}&story=[\w-]+$/;
    expect(msg?.text).toMatch(new RegExp(`Open in Dirabot: ${story.source.slice(1, -1)}`));
    expect(msg?.photo).toBe(bot.photoUrl); // sent with its photo, the text as the caption
    // The inline keyboard: the flat's story, and WhatsApp with a greeting (Telegram's URL buttons
    // cannot be tel:, so the number is in the text).
    expect(msg?.buttons).toEqual([
      { text: "Open in Dirabot", url: expect.stringMatching(story) },
      {
        text: "WhatsApp",
        url: `https://wa.me/972527654321?text=${encodeURIComponent("Hi, I saw your flat at Vital, Florentin for ₪6,100 on Dirabot. Is it still available?")}`,
      },
    ]);
  });

  it("writes a Hebrew account's match in Hebrew, on Telegram and on the phone", async () => {
    const p = await person({ linked: true, telegramMatches: true, locale: "he" });
    await match(p.id, 6400);
    await pushed(p);
    const [msg] = await waitFor(async () => (p.sent().length ? p.sent() : undefined), "the Telegram message");
    const FSI = "\u2068";
    const PDI = "\u2069";
    expect(msg?.text.split("\n")).toEqual([
      `התאמה חדשה: ${FSI}Florentin${PDI}`,
      "\u200f6,400\u00a0\u200f₪ · 3 חדרים",
      `${FSI}Vital 4, Florentin, Tel Aviv${PDI}`,
      `📞 ${FSI}052-7654321${PDI}`,
      "https://www.yad2.co.il/item/xyz",
      expect.stringMatching(/^לפתיחה ב־Dirabot: https:\/\/dirabot\.example\/chats\/.+&story=/),
    ]);
    expect(msg?.buttons?.map((b) => b.text)).toEqual(["פתיחה ב־Dirabot", "וואטסאפ"]);
    const [push] = rx.to(p.browser.id);
    expect(push?.payload).toMatchObject({
      title: `התאמה חדשה: ${FSI}Florentin${PDI}`,
      body: `${FSI}Vital 4, Florentin, Tel Aviv${PDI} · 3 חדרים · \u200f6,400\u00a0\u200f₪`,
    });
    // The bell and the list say it in Hebrew too.
    const { notifications } = await client.listNotifications({}, asUser(p.id));
    expect(notifications[0]).toMatchObject({ title: push?.payload.title, body: push?.payload.body });
  });

  it("tells a shared bot's owner and each member of its match by their own channels, once each", async () => {
    const owner = await person({ linked: true, telegramMatches: true });
    const member = await person({ linked: true, telegramMatches: true });
    const quiet = await person({ linked: true, telegramMatches: false });
    // As chat announces a shared bot's match: the owner's entry, then one per member.
    const event = matchEvent(owner.id, { price: 6250 });
    const [first] = event.messages;
    for (const m of [member, quiet])
      event.messages.push(
        create(ChatMessageCreatedSchema, {
          message: first?.message,
          botName: first?.botName,
          userId: m.id,
          member: true,
        }),
      );
    await chat.publish(ChatMessagesCreated, event);
    for (const p of [owner, member, quiet]) await pushed(p);
    await waitFor(async () => (owner.sent().length && member.sent().length ? true : undefined), "Telegram");
    // A little later, still one each: nobody is told twice, the member who wants no Telegram none.
    await new Promise((r) => setTimeout(r, 500));
    expect([owner, member, quiet].map((p) => rx.to(p.browser.id).length)).toEqual([1, 1, 1]);
    expect([owner.sent().length, member.sent().length, quiet.sent().length]).toEqual([1, 1, 0]);
    for (const p of [owner, member, quiet]) {
      const { notifications } = await client.listNotifications({}, asUser(p.id));
      expect(notifications.map((n) => n.title)).toEqual(["New match: Florentin"]);
    }
  });

  it("decides a batch whose users identity reads in one call, one of them unknown to it", async () => {
    const p = await person({ linked: true, telegramMatches: true });
    const q = await person({ linked: true, telegramMatches: true });
    // A deleted account's match lands in the same batch: it is dropped, the others still go.
    await Promise.all([match(uniqueId(), 6150), match(p.id, 6160), match(q.id, 6170)]);
    await pushed(p);
    await pushed(q);
    const texts = await waitFor(
      async () => (p.sent().length && q.sent().length ? [...p.sent(), ...q.sent()] : undefined),
      "both Telegram messages",
    );
    expect(texts.map((m) => m.text.match(/₪[\d,]+/)?.[0])).toEqual(["₪6,160", "₪6,170"]);
  });

  it("sends nothing to Telegram when the user left it off", async () => {
    const p = await person({ linked: true, telegramMatches: false });
    await match(p.id, 6200);
    await pushed(p);
    await new Promise((r) => setTimeout(r, 700));
    expect(p.sent()).toEqual([]);
  });

  it("sends nothing, and fails nothing, when no account is linked", async () => {
    const p = await person({ linked: false, telegramMatches: true });
    await match(p.id, 6300);
    await pushed(p);
    await new Promise((r) => setTimeout(r, 700));
    expect(bot.sent.filter((m) => m.text.includes("₪6,300"))).toEqual([]);
  });

  it("sends quiet hours' matches as one Telegram digest at their end", async () => {
    const p = await person({ linked: true, telegramMatches: true });
    const hhmm = (ms: number) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Jerusalem",
        hour: "2-digit",
        minute: "2-digit",
      }).format(new Date(Date.now() + offsetMs + ms));
    await users.updateUser(
      {
        id: p.id,
        notify: {
          quietHoursChange: { case: "quietHours", value: { from: hhmm(-3_600_000), to: hhmm(3_600_000) } },
        },
      },
      asUser(p.id),
    );
    for (const price of [7000, 7100]) await match(p.id, price);
    await waitFor(
      async () => ((await client.listNotifications({}, asUser(p.id))).total === 2 ? true : undefined),
      "the notifications",
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(p.sent()).toEqual([]);
    offsetMs += 61 * 60_000;
    await pushed(p);
    const [digest] = await waitFor(async () => (p.sent().length ? p.sent() : undefined), "the digest");
    expect(digest?.text).toMatch(/^2 new matches while you were away:/);
    expect(digest?.text).toContain("₪7,000");
    expect(digest?.text).toContain("₪7,100");
    await new Promise((r) => setTimeout(r, 500));
    expect(p.sent()).toHaveLength(1);
  });
});
