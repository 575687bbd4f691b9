import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { asActor, toAppError } from "@dirabot/platform";
import { countRows, trustedTransport, waitFor } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email, type IdentityHarness, startIdentity } from "../test/harness.ts";
import { DAILY_CEILING, FIRST_WAIT_S, FREE_WRONG } from "./reset-pace.ts";

/** Guessing an account's reset codes, as the gateway passes the guesses on with their addresses. */
let h: IdentityHarness;
let double: BotApiDouble;
let gw: ReturnType<typeof createClient<typeof IdentityService>>;
let chats = 7300 + Math.floor(Math.random() * 600);

beforeAll(async () => {
  double = await BotApiDouble.start();
  h = await startIdentity({
    settings: { TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url },
    modules: [createTelegram({ lockRetryMs: 300 })],
  });
  gw = createClient(IdentityService, trustedTransport(h.running, "gateway"));
}, 180_000);
afterAll(async () => {
  await h?.stop();
  await double?.close();
});

/** An account with its own Telegram chat linked. */
async function linked(name: string, locale = "") {
  const mail = email(name);
  const s = (
    await h.identity.register({ firstname: name, lastname: "L", email: mail, password: "secret1", locale })
  ).session;
  const userId = s?.user?.id as string;
  const tg = createClient(TelegramService, h.transport);
  const sessionId = (await h.identity.authenticate({ token: s?.token as string })).sessionId;
  const { code } = await tg.createLinkCode({}, asActor({ userId, admin: false, sessionId }));
  const chatId = chats++;
  double.userSays({ chatId, username: name }, `/start ${code}`);
  await waitFor(async () => ((await tg.getLink({ userId })).linked ? true : undefined), "the link");
  return { email: mail, userId, chatId };
}

const codesIn = (chatId: number) => double.sentTo(chatId).flatMap((m) => /code: (\d{6})/.exec(m)?.[1] ?? []);
/** Asks for a reset and waits for its code to reach the chat. */
async function newCode(who: { email: string; chatId: number }, clientAddress = ""): Promise<string> {
  const before = codesIn(who.chatId).length;
  await gw.requestPasswordReset({ email: who.email, publicUrl: "http://localhost", clientAddress });
  return waitFor(async () => codesIn(who.chatId)[before], "a reset code in the chat");
}
const other = (code: string) => (code === "000000" ? "000001" : "000000");
/** What a guess gets: "ok", the error code, and Retry-After's seconds when refused. */
async function guess(mail: string, code: string, clientAddress: string) {
  try {
    await gw.verifyResetCode({ email: mail, code, clientAddress });
    return { got: "ok" };
  } catch (err) {
    const e = toAppError(ConnectError.from(err));
    return { got: e.code, wait: e.retryAfterS };
  }
}

describe("reset requests", () => {
  it("reach the chat 3 times an hour from a stranger's address, and still from the owner's", async () => {
    const owner = await linked("flood");
    for (let i = 0; i < 3; i++) await newCode(owner, "10.6.0.1");
    for (let i = 0; i < 3; i++)
      await gw.requestPasswordReset({ email: owner.email, publicUrl: "http://x", clientAddress: "10.6.0.1" });
    const mine = await newCode(owner, "10.6.0.2");
    expect(codesIn(owner.chatId)).toHaveLength(4);
    expect(await guess(owner.email, mine, "10.6.0.2")).toEqual({ got: "ok" });
  });
});

describe("a reset code in the account's language", () => {
  it("comes in Hebrew to a Hebrew account, the code and the link on lines of their own", async () => {
    const owner = await linked("hebrew", "he");
    await gw.requestPasswordReset({ email: owner.email, publicUrl: "http://localhost", clientAddress: "" });
    const text = await waitFor(
      async () => double.sentTo(owner.chatId).find((m) => m.includes("איפוס")),
      "the code",
    );
    const lines = text.split("\n");
    expect(lines[0]).toBe("קוד האיפוס של הסיסמה שלך ב־Dirabot:");
    expect(lines[1]).toMatch(/^\d{6}$/);
    expect(lines[4]).toMatch(/^http:\/\/localhost\/resetpassword\?token=/);
    expect(text).toContain("הקוד והקישור תקפים ל־15 דקות.");
    // The password it resets is then told to the chat in Hebrew too (telegram's notice).
    await gw.resetPassword({ email: owner.email, code: lines[1] as string, newPassword: "new-secret-1" });
    // On the shared NATS every suite reads every suite's events: a loaded pass is slow to deliver it.
    const notice = await waitFor(
      async () => double.sentTo(owner.chatId).find((m) => m.startsWith("הסיסמה של החשבון")),
      "the password notice",
      60_000,
    );
    expect(notice).toContain(`\u2068${owner.email}\u2069 אופסה`);
  });
});

describe("a reset code's send", () => {
  it("is tried again after Telegram's 500, and arrives once", async () => {
    const owner = await linked("retry");
    double.failNext = 1;
    await newCode(owner);
    await new Promise((r) => setTimeout(r, 500));
    expect(codesIn(owner.chatId)).toHaveLength(1);
  });
});

describe("wrong reset guesses", () => {
  it("count across codes from one address, then that address waits while the owner's does not", async () => {
    const owner = await linked("backoff");
    const first = await newCode(owner);
    for (let i = 0; i < FREE_WRONG - 2; i++)
      expect((await guess(owner.email, other(first), "10.7.0.1")).got).toBe("invalid_argument");
    const second = await newCode(owner); // a new code clears no count
    for (let i = 0; i < 2; i++)
      expect((await guess(owner.email, other(second), "10.7.0.1")).got).toBe("invalid_argument");
    // Even the right code is refused there: an answer would confirm a guess.
    const held = await guess(owner.email, second, "10.7.0.1");
    expect(held.got).toBe("rate_limited");
    expect(held.wait).toBeGreaterThan(0);
    expect(held.wait).toBeLessThanOrEqual(FIRST_WAIT_S);
    expect(await guess(owner.email, second, "10.7.0.2")).toEqual({ got: "ok" });
  });

  it("stop at the daily ceiling, which ends the codes in flight and tells the chat once", async () => {
    const owner = await linked("ceiling");
    const first = await newCode(owner);
    const addresses = Array.from({ length: 10 }, (_, i) => `10.8.0.${i}`);
    // From many addresses, each within its free guesses: only the account's total stops them.
    for (let i = 0; i < DAILY_CEILING - 1; i++)
      await guess(owner.email, other(first), addresses[Math.floor(i / 4)] as string);
    const code = await newCode(owner);
    const live = () =>
      countRows(
        h.running,
        "SELECT count(*)::int AS n FROM identity.reset_codes WHERE user_id = $1 AND used_at IS NULL",
        [owner.userId],
      );
    expect(await live()).toBe(1);
    expect((await guess(owner.email, other(code), "10.8.1.1")).got).toBe("invalid_argument");
    expect(await live()).toBe(0);
    const paused = () => double.sentTo(owner.chatId).filter((m) => m.includes("too many wrong"));
    await waitFor(async () => (paused().length === 1 ? true : undefined), "the chat to be told");

    // Every path is closed for the day, to every address, and no new code goes out.
    const fresh = await guess(owner.email, code, "10.8.2.2");
    expect(fresh.got).toBe("rate_limited");
    expect(fresh.wait).toBeGreaterThan(FIRST_WAIT_S * 60);
    const viaLink = gw.resetPassword({
      email: owner.email,
      token: "any",
      newPassword: "new-password",
      clientAddress: "10.8.2.3",
    });
    await expect(viaLink).rejects.toMatchObject({ code: Code.ResourceExhausted });
    const sent = double.sentTo(owner.chatId).length;
    await gw.requestPasswordReset({ email: owner.email, publicUrl: "http://localhost" });
    await new Promise((r) => setTimeout(r, 500));
    expect(double.sentTo(owner.chatId)).toHaveLength(sent);
    expect(paused()).toHaveLength(1);
  });

  it("take guesses only from the gateway: another caller is refused and spends nothing", async () => {
    const owner = await linked("notgateway");
    const code = await newCode(owner);
    const notifications = createClient(IdentityService, trustedTransport(h.running, "notifications"));
    for (let i = 0; i <= FREE_WRONG; i++)
      await expect(
        notifications.verifyResetCode({
          email: owner.email,
          code: other(code),
          clientAddress: `10.9.0.${i}`,
        }),
      ).rejects.toMatchObject({ code: Code.PermissionDenied });
    await gw.verifyResetCode({ email: owner.email, code, clientAddress: "10.9.1.1" });
  });
});
