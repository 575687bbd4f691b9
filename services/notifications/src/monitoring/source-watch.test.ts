import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { launch, type Running } from "@dirabot/platform";
import {
  asUser,
  sharedDatabase,
  testSettings,
  trustedTransport,
  uniqueId,
  waitFor,
} from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { createScraperYad2 } from "@dirabot/scraper-yad2";
import { fast, Yad2Double } from "@dirabot/scraper-yad2/testing";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotifications } from "../module.ts";

/**
 * The operators' alerts end to end: the Yad2 scraper blocked by the double's captcha past the
 * threshold sends one Telegram message to each admin with a linked account, and one more when it
 * recovers — while two replicas of the notifications service watch, and one of them restarts.
 */
describe("a source offline past SOURCE_ALERT_AFTER_MINUTES", () => {
  const secret = `monitoring-test-secret-${"x".repeat(24)}`;
  const schema = `notifications_${uniqueId()}`; // this run's outages and queues, no one else's
  const admin = { email: `ops-${uniqueId()}@example.com`, password: "admin-pass-1" };
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let yad2: Yad2Double;
  let bot: BotApiDouble;
  let core: Running;
  const replicas: Running[] = [];
  let adminChat = 0;
  let userChat = 0;

  /** A replica of the notifications service alone, reaching the others over their listener. */
  const replica = async () => {
    const at = `http://127.0.0.1:${core.internalPort}`;
    const r = await launch(
      testSettings({
        DATABASE_URL: database.url,
        SERVICE_SECRET: secret,
        SERVICES: "notifications",
        IDENTITY_SERVICE_URL: at,
        TELEGRAM_SERVICE_URL: at,
        SCRAPER_YAD2_SERVICE_URL: at,
        SOURCE_ALERT_AFTER_MINUTES: "0.03",
      }),
      [createNotifications({ schema, pollMs: 100, sourceWatchMs: 150 })],
    );
    replicas.push(r);
    return r;
  };

  beforeAll(async () => {
    yad2 = await Yad2Double.start({ unknownItems: "alive" });
    yad2.addListings(3);
    yad2.block("captcha"); // down from the first run on
    bot = await BotApiDouble.start();
    database = await sharedDatabase();
    // Identity, telegram, listings and the scraper; the notifications service runs as replicas.
    core = await launch(
      testSettings({
        DATABASE_URL: database.url,
        SERVICE_SECRET: secret,
        SERVICES: "identity,listings,telegram,scraper-yad2",
        TELEGRAM_BOT_TOKEN: bot.token,
        TELEGRAM_API_ROOT: bot.url,
        YAD2_API_URL: yad2.url,
        YAD2_CITIES: "5000",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      }),
      [
        identity,
        listings,
        createTelegram({ lockRetryMs: 300 }),
        createScraperYad2({ ...fast, namespace: uniqueId() }),
      ],
    );
    const users = createClient(IdentityService, trustedTransport(core));
    const tg = createClient(TelegramService, trustedTransport(core));
    const link = async (userId: string) => {
      const chatId = 770_000 + Math.floor(Math.random() * 100_000);
      const { code } = await tg.createLinkCode({}, asUser(userId));
      bot.userSays({ chatId, username: `u${chatId}` }, `/start ${code}`);
      await waitFor(async () => ((await tg.getLink({ userId })).linked ? true : undefined), "the link");
      return chatId;
    };
    const ops = await users.login(admin);
    adminChat = await link(ops.session?.user?.id as string);
    const someone = await users.register({
      firstname: "Dana",
      lastname: "Levi",
      email: `dana-${uniqueId()}@example.com`,
      password: "secret-pass-1",
    });
    userChat = await link(someone.session?.user?.id as string);
    await replica();
    await replica();
  }, 90_000);
  afterAll(async () => {
    for (const r of replicas) await r.stop();
    await core?.stop();
    await database?.stop();
    await bot?.close();
    await yad2?.close();
  });

  /** What the bot told a chat about a source, the account-link greeting aside. */
  const alerts = (chatId: number, title: string) => bot.sentTo(chatId).filter((t) => t.includes(title));
  const settle = () => new Promise((r) => setTimeout(r, 1500)); // ten looks by each replica

  it("tells each linked admin once, then once more when it recovers, whatever the replicas do", async () => {
    const [offline] = await waitFor(
      async () => {
        const a = alerts(adminChat, "Yad2 scraper");
        return a.length ? a : undefined;
      },
      "the offline alert",
      30_000,
    );
    expect(offline).toMatch(/^⚠️ Yad2 scraper is offline: blocked by Yad2/);
    expect(offline).toMatch(/Down for \d+ min, since \d\d:\d\d Israel time\./);
    expect(offline).toMatch(/Dashboard: http:\/\/localhost:\d+\/admin\/dashboard$/);

    // A replica restarts while the outage goes on: nothing is sent again.
    await (replicas.shift() as Running).stop();
    await replica();
    await settle();
    expect(alerts(adminChat, "Yad2 scraper")).toEqual([offline]);

    yad2.unblock();
    const recovered = await waitFor(
      async () => {
        const a = alerts(adminChat, "Yad2 scraper");
        return a.length > 1 ? a[1] : undefined;
      },
      "the recovery alert",
      30_000,
    );
    expect(recovered).toMatch(/^✅ Yad2 scraper is back online after \d+ min\.$/);
    await settle();
    expect(alerts(adminChat, "Yad2 scraper")).toEqual([offline, recovered]);
    // The cleaner (blocked only once it has listings to check) never hears twice either.
    const cleaner = alerts(adminChat, "Yad2 cleaner");
    expect(cleaner.filter((t) => t.startsWith("⚠️")).length).toBeLessThanOrEqual(1);
    expect(cleaner.filter((t) => t.startsWith("✅")).length).toBeLessThanOrEqual(1);
    // A user who is not an admin hears nothing of it.
    expect(bot.sentTo(userChat).filter((t) => /Yad2/.test(t))).toEqual([]);
  }, 120_000);
});
