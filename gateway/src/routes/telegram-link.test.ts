import { REAUTH_MESSAGES } from "@dirabot/api";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble, REPLIES, UNDO_REPLIES } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Person, startApi } from "../../test/api-harness.ts";

/**
 * A stolen session taking over the recovery chat, end to end through the gateway, the services and the Bot API double:
 * a stolen session tried to make the account's recovery chat its own. The telegram service keeps
 * a schema of this run's own, so on a shared database no other test's bot sends these notices.
 */
type Api = Awaited<ReturnType<typeof startApi>>;
let api: Api;
let double: BotApiDouble;
const schema = `telegram_${uniqueId()}`;

beforeAll(async () => {
  double = await BotApiDouble.start();
  api = await startApi("tg-link", {
    modules: [createTelegram({ lockRetryMs: 300, schema, broadcastPollMs: 200 })],
    settings: { TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url },
  });
}, 180_000);
afterAll(async () => {
  await api?.stop();
  await double?.close();
});

let nextChat = 7_000_000 + Math.floor(Math.random() * 1_000_000);
const PASSWORD = "secret1"; // what api.register gives everyone

const linkCode = (token: string, body: unknown) =>
  api.call("POST", "/api/users/me/telegram-link", { token, body });

/** Another session of the person (another device): the one a thief copies. */
async function anotherSession(p: Person, password = PASSWORD): Promise<string> {
  const r = await api.call("POST", "/api/auth/login", { body: { email: p.email, password } });
  expect(r.status).toBe(200);
  return r.body.token;
}

/** `/start <code>` from a private chat, and the bot's answer. */
async function start(code: string, chatId: number, username: string): Promise<string> {
  const before = double.sentTo(chatId).length;
  double.userSays({ chatId, username }, `/start ${code}`);
  return waitFor(async () => double.sentTo(chatId)[before], "the bot's answer");
}

async function linked(p: Person, username: string): Promise<number> {
  const chatId = nextChat++;
  const r = await linkCode(p.token, { password: PASSWORD });
  expect(r.status).toBe(200);
  expect(await start(r.body.code, chatId, username)).toBe(REPLIES.linked);
  return chatId;
}

const me = async (token: string) => api.call("GET", "/api/users/me", { token });
const signedOut = (token: string) =>
  waitFor(async () => ((await me(token)).status === 401 ? true : undefined), "the session to end", 10_000);
/** The next message to `chatId` that matches, after the `skip` it had. */
const heard = (chatId: number, pattern: RegExp, skip = 0) =>
  waitFor(
    async () =>
      double
        .sentTo(chatId)
        .slice(skip)
        .find((m) => pattern.test(m)),
    `a message to ${chatId}`,
  );

describe("linking Telegram asks for the owner, not a session", () => {
  it("refuses a stolen session without the password: 403 reauth_required, the owner's chat stays", async () => {
    const victim = await api.register("Victim");
    const chat = await linked(victim, "victim_tg");
    const stolen = await anotherSession(victim);
    expect(await linkCode(stolen, {})).toEqual({
      status: 403,
      body: { code: "reauth_required", message: REAUTH_MESSAGES.password },
    });
    expect(await linkCode(stolen, { password: "a-guess" })).toEqual({
      status: 403,
      body: { code: "reauth_required", message: REAUTH_MESSAGES.wrongPassword },
    });
    expect((await linkCode(stolen, { password: 42 })).status).toBe(400);
    expect((await me(victim.token)).body.user.telegram).toEqual({ linked: true, username: "victim_tg" });
    expect(double.sentTo(chat)).toEqual([REPLIES.linked]);
  });

  it("counts wrong passwords against the sign-in budget of the account and address", async () => {
    const p = await api.register("Guessed");
    for (let i = 0; i < 10; i++)
      expect((await linkCode(p.token, { password: `guess-${i}` })).status).toBe(403);
    expect((await linkCode(p.token, { password: PASSWORD })).status).toBe(429);
    const login = await api.call("POST", "/api/auth/login", { body: { email: p.email, password: PASSWORD } });
    expect(login.status).toBe(429);
  });

  it("tells the replaced chat, whose undo puts it back and signs every session out", async () => {
    const victim = await api.register("Owner");
    const owners = await linked(victim, "owner_tg");
    const stolen = await anotherSession(victim);
    // The thief knows the password too, links their chat and keeps a second code for later.
    const thief = nextChat++;
    const first = await linkCode(stolen, { password: PASSWORD });
    expect(await start(first.body.code, thief, "mallory")).toBe(REPLIES.linked);
    const spare = (await linkCode(stolen, { password: PASSWORD })).body.code;
    expect((await me(victim.token)).body.user.telegram.username).toBe("mallory");

    const notice = await heard(owners, /linked to another Telegram chat/);
    expect(notice).toContain(
      `Your Dirabot account ${victim.email} was just linked to another Telegram chat (@mallory)`,
    );
    const undo = /\/undo_([A-Z2-9]{8})/.exec(notice)?.[1] as string;
    // Only the chat it was sent to can use it.
    double.userSays({ chatId: thief, username: "mallory" }, `/undo_${undo}`);
    expect(await heard(thief, /undo code/)).toBe(UNDO_REPLIES.unknown);

    double.userSays({ chatId: owners, username: "owner_tg" }, `/undo_${undo}`);
    expect(await heard(owners, /^Done/)).toBe(UNDO_REPLIES.undone);
    await signedOut(stolen);
    await signedOut(victim.token);
    const again = await anotherSession(victim);
    expect((await me(again)).body.user.telegram).toEqual({ linked: true, username: "owner_tg" });
    // The thief's code in flight is dead, and a second undo changes nothing.
    expect(await start(spare, nextChat++, "mallory2")).toBe(REPLIES.used);
    const sent = double.sentTo(owners).length;
    double.userSays({ chatId: owners, username: "owner_tg" }, `/undo ${undo}`);
    expect(await heard(owners, /undo code/, sent)).toBe(UNDO_REPLIES.used);
    // Reset codes go to the owner's chat again.
    await api.call("POST", "/api/auth/request-reset", { body: { email: victim.email } });
    await heard(owners, /reset code: \d{6}/);
    expect(double.sentTo(thief).some((m) => /reset code/.test(m))).toBe(false);
  });

  it("does nothing for an undo after a day, and says so", async () => {
    const p = await api.register("Late");
    const old = await linked(p, "late_tg");
    await linked(p, "late_new");
    const undo = /\/undo_([A-Z2-9]{8})/.exec(await heard(old, /\/undo_/))?.[1] as string;
    vi.useFakeTimers({
      toFake: ["Date"],
      now: Date.now() + 24 * 60 * 60_000 + 5000,
      shouldAdvanceTime: true,
    });
    try {
      double.userSays({ chatId: old, username: "late_tg" }, `/undo_${undo}`);
      expect(await heard(old, /undo code/)).toBe(UNDO_REPLIES.expired);
    } finally {
      vi.useRealTimers();
    }
    expect((await me(p.token)).body.user.telegram.username).toBe("late_new");
  });
});

describe("the bot's notices", () => {
  it("are tried again after Telegram fails, and arrive once", async () => {
    const p = await api.register("Retried");
    const chat = await linked(p, "retried_tg");
    double.failNext = 1; // the next send to a chat of this double: the notice
    const changed = await api.call("POST", "/api/auth/change-password", {
      token: p.token,
      body: { currentPassword: PASSWORD, newPassword: "changed-2" },
    });
    expect(changed.status).toBe(200);
    await heard(chat, /was changed/);
    const tries = double.attempts.filter((a) => a.chat_id === String(chat)).map((a) => a.status);
    expect(tries.slice(-2)).toEqual([500, 200]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(double.sentTo(chat).filter((m) => /was changed/.test(m))).toHaveLength(1);
  });
});

describe("a new password ends the link codes in flight and tells the linked chat", () => {
  it("on a password change", async () => {
    const p = await api.register("Changer");
    const chat = await linked(p, "changer_tg");
    const inFlight = (await linkCode(p.token, { password: PASSWORD })).body.code;
    const changed = await api.call("POST", "/api/auth/change-password", {
      token: p.token,
      body: { currentPassword: PASSWORD, newPassword: "changed-1" },
    });
    expect(changed.status).toBe(200);
    expect(await heard(chat, /password/)).toContain(
      `The password of your Dirabot account ${p.email} was changed`,
    );
    expect(await start(inFlight, nextChat++, "late_thief")).toBe(REPLIES.used);
    expect((await me(p.token)).body.user.telegram.username).toBe("changer_tg");
  });

  it("on a password reset", async () => {
    const p = await api.register("Resetter");
    const chat = await linked(p, "resetter_tg");
    const inFlight = (await linkCode(p.token, { password: PASSWORD })).body.code;
    await api.call("POST", "/api/auth/request-reset", { body: { email: p.email } });
    const code = /code: (\d{6})/.exec(await heard(chat, /reset code: \d{6}/))?.[1] as string;
    const done = await api.call("POST", "/api/auth/reset-password", {
      body: { email: p.email, code, newPassword: "reset-pass-1" },
    });
    expect(done.status).toBe(200);
    expect(await heard(chat, /was reset/)).toContain(
      `The password of your Dirabot account ${p.email} was reset`,
    );
    expect(await start(inFlight, nextChat++, "late_thief")).toBe(REPLIES.used);
  });
});
