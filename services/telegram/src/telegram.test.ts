import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { eventSource } from "@dirabot/notifications/testing";
import { launch, type Running } from "@dirabot/platform";
import { asUser, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { ListingMatched } from "@dirabot/proto/events";
import { ListingMatchedSchema } from "@dirabot/proto/events/v1/matches_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BotApiDouble } from "../test/bot-api-double.ts";
import { testSettings } from "../test/env.ts";
import { REPLIES } from "./bot.ts";
import { createTelegram } from "./module.ts";

const env = testSettings;
const clientOf = (running: Running) => createClient(TelegramService, trustedTransport(running));
const codeOf = async (p: Promise<unknown>) => {
  const err = await p.then(() => undefined, ConnectError.from);
  return err && { code: err.code, message: err.rawMessage };
};

describe("the telegram service with a bot", () => {
  let double: BotApiDouble;
  let running: Running;
  let tg: ReturnType<typeof clientOf>;
  const bots = eventSource("bots");
  const admin = { email: `admin-${uniqueId()}@example.com`, password: "admin-pass-1" };

  beforeAll(async () => {
    double = await BotApiDouble.start();
    running = await launch(
      env({
        TELEGRAM_BOT_TOKEN: double.token,
        TELEGRAM_API_ROOT: double.url,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        // An address Telegram takes in a button (it refuses localhost's).
        PUBLIC_URL: "https://dirabot.example",
      }),
      [identity, createTelegram({ lockRetryMs: 300 }), bots.module],
    );
    tg = clientOf(running);
  });
  afterAll(async () => {
    await running?.stop();
    await double?.close();
  });

  /** What a user does: asks for a code, sends `/start <code>` from Telegram, sees the answer. */
  async function link(userId: string, chatId: number, username: string) {
    const { code } = await tg.createLinkCode({}, asUser(userId));
    double.userSays({ chatId, username }, `/start ${code}`);
    await waitFor(
      async () => (double.sentTo(chatId).includes(REPLIES.linked) ? true : undefined),
      "the bot's answer",
    );
    return code;
  }

  it("links a chat through /start <code> and answers the user", async () => {
    const userId = uniqueId();
    const before = Date.now();
    const res = await tg.createLinkCode({}, asUser(userId));
    expect(res.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(res.url).toBe(`https://t.me/${double.botUsername}?start=${res.code}`);
    const expires = Number(res.expiresAt?.seconds) * 1000;
    expect(expires).toBeGreaterThan(before + 14 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(await tg.getLink({ userId })).toMatchObject({ linked: false, username: "" });

    double.userSays({ chatId: 7001, username: "dana_k" }, `/start ${res.code}`);
    await waitFor(async () => (double.sentTo(7001).length > 0 ? true : undefined), "the bot's answer");
    expect(double.sentTo(7001)).toEqual(["Your Dirabot account is now linked ✅"]);
    expect(await tg.getLink({ userId })).toMatchObject({ linked: true, username: "dana_k" });
  });

  it("refuses a used or unknown code, and greets a bare /start", async () => {
    const userId = uniqueId();
    const code = await link(userId, 7002, "first");
    double.userSays({ chatId: 7003, username: "intruder" }, `/start ${code}`);
    double.userSays({ chatId: 7003, username: "intruder" }, "/start ZZZZ2345");
    double.userSays({ chatId: 7003, username: "intruder" }, "/start");
    await waitFor(async () => (double.sentTo(7003).length === 3 ? true : undefined), "three answers");
    expect(double.sentTo(7003)).toEqual([REPLIES.used, REPLIES.unknown, REPLIES.welcome]);
    expect(await tg.getLink({ userId })).toMatchObject({ linked: true, username: "first" });
  });

  it("refuses a code after its 15 minutes", async () => {
    const userId = uniqueId();
    const { code } = await tg.createLinkCode({}, asUser(userId));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 15 * 60_000 + 1000, shouldAdvanceTime: true });
    try {
      double.userSays({ chatId: 7007, username: "late" }, `/start ${code.toLowerCase()}`);
      await waitFor(async () => (double.sentTo(7007).length > 0 ? true : undefined), "the bot's answer");
    } finally {
      vi.useRealTimers();
    }
    expect(double.sentTo(7007)).toEqual([REPLIES.expired]);
    expect((await tg.getLink({ userId })).linked).toBe(false);
  });

  it("sends to the linked chat, and NOT_FOUND for a user without one", async () => {
    const userId = uniqueId();
    await link(userId, 7004, "sender");
    await tg.sendToUser({ userId, text: "New flat in Florentin: 3 rooms, 6,500 ₪" });
    expect(double.sentTo(7004).at(-1)).toBe("New flat in Florentin: 3 rooms, 6,500 ₪");
    expect(await codeOf(tg.sendToUser({ userId: uniqueId(), text: "hello" }))).toEqual({
      code: Code.NotFound,
      message: "No Telegram account is linked",
    });
    expect((await codeOf(tg.sendToUser({ userId, text: " " })))?.code).toBe(Code.InvalidArgument);
  });

  it("makes a code only for the verified caller; a person asks only about their own link", async () => {
    const [me, other] = [uniqueId(), uniqueId()];
    expect(await codeOf(tg.createLinkCode({}))).toEqual({
      code: Code.Unauthenticated,
      message: "This call needs an acting user",
    });
    expect((await codeOf(tg.getLink({ userId: other }, asUser(me))))?.code).toBe(Code.PermissionDenied);
    expect(await tg.getLink({ userId: other }, asUser(me, true))).toMatchObject({ linked: false });
    expect((await codeOf(tg.sendToUser({ userId: me, text: "hi" }, asUser(me))))?.code).toBe(
      Code.PermissionDenied,
    );
  });

  it("posts a group bot's matches to its group, a listing's first ones (their own subject) as the rest", async () => {
    const group = -1_000_000 - Math.floor(Math.random() * 1e6);
    const flat = (price: number) => {
      const id = crypto.randomUUID();
      return {
        id,
        canonicalId: id,
        source: "yad2",
        location: "ויטל 4, פלורנטין",
        street: "ויטל",
        neighborhood: "פלורנטין",
        phone: "0501234567",
        price,
        link: `https://www.yad2.co.il/item/${id}`,
      };
    };
    const match = {
      botId: crypto.randomUUID(),
      userId: uniqueId(),
      chatId: crypto.randomUUID(),
      botName: "Florentin group",
    };
    for (const [event, price] of [
      [ListingMatched.lanes.first, 6100],
      [ListingMatched, 6200],
    ] as const)
      await bots.publish(
        event,
        create(ListingMatchedSchema, {
          listing: flat(price),
          matches: [{ ...match, telegramChatId: String(group) }],
        }),
      );
    const posts = await waitFor(
      async () => (double.sentTo(group).length === 2 ? double.sentTo(group) : undefined),
      "two group posts",
    );
    expect(posts.map((p) => p.split("\n")[2]).sort()).toEqual(["₪6,100", "₪6,200"]);
    expect(posts.every((p) => p.startsWith("🏠 Florentin group: a new listing"))).toBe(true);
    // Each a door to the flat: the number in the text, the story and WhatsApp as buttons.
    const sent = double.sent.filter((m) => m.chat_id === String(group));
    for (const m of sent) {
      const price = m.text.split("\n")[2] ?? "";
      expect(m.text).toContain("📞 0501234567");
      expect(m.buttons).toEqual([
        {
          text: "Open in Dirabot",
          url: expect.stringMatching(
            new RegExp(`^https://dirabot\\.example/chats/${match.chatId}\\?story=[0-9a-f-]{36}$`),
          ),
        },
        {
          text: "WhatsApp",
          url: `https://wa.me/972501234567?text=${encodeURIComponent(`Hi, I saw your flat at ויטל, פלורנטין for ${price} on Dirabot. Is it still available?`)}`,
        },
      ]);
    }
  });

  it("forgets a user's link when identity deletes the user", async () => {
    const ids = createClient(IdentityService, trustedTransport(running));
    const adminId = (await ids.login(admin)).session?.user?.id as string;
    const user = (
      await ids.register({
        firstname: "Noa",
        lastname: "Levi",
        email: `noa-${uniqueId()}@example.com`,
        password: "noa-pass-1",
      })
    ).session?.user?.id as string;
    await link(user, 7005, "noa");
    const spare = await tg.createLinkCode({}, asUser(user)); // an unused code goes too
    await ids.deleteUser({ id: user }, asUser(adminId, true));
    await waitFor(async () => ((await tg.getLink({ userId: user })).linked ? undefined : true), "the unlink");
    double.userSays({ chatId: 7006 }, `/start ${spare.code}`);
    await waitFor(async () => (double.sentTo(7006).length > 0 ? true : undefined), "the bot's answer");
    expect(double.sentTo(7006)).toEqual([REPLIES.unknown]);
  });
});

describe("the telegram service without TELEGRAM_BOT_TOKEN", () => {
  let double: BotApiDouble;
  let running: Running;

  beforeAll(async () => {
    double = await BotApiDouble.start();
    running = await launch(env({ TELEGRAM_API_ROOT: double.url }), [createTelegram({ lockRetryMs: 300 })]);
  });
  afterAll(async () => {
    await running?.stop();
    await double?.close();
  });

  it("fails sends with FAILED_PRECONDITION, gives a link without a bot name, and never polls", async () => {
    const tg = clientOf(running);
    expect(await codeOf(tg.sendToUser({ userId: uniqueId(), text: "hello" }))).toEqual({
      code: Code.FailedPrecondition,
      message: "Telegram is not configured",
    });
    const res = await tg.createLinkCode({}, asUser(uniqueId()));
    expect(res.url).toBe(`https://t.me/?start=${res.code}`);
    await new Promise((r) => setTimeout(r, 500));
    expect(double.calls).toEqual([]);
  });
});
