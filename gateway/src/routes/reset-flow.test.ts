import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { identity } from "@dirabot/identity";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { countRows, waitFor } from "@dirabot/platform/testing";
import { telegram } from "@dirabot/telegram";
import { BotApiDouble } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateway } from "../index.ts";

/** Link a Telegram account, then reset the password with the code and with the link it receives. */
let running: Running;
let double: BotApiDouble;
let base: string;
const uniq = Date.now().toString(36);

beforeAll(async () => {
  double = await BotApiDouble.start();
  const settings = loadSettings({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SERVICES: "identity,telegram,gateway",
    SERVICE_SECRET: process.env.SERVICE_SECRET,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-reset-")),
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    NATS_URL: process.env.TEST_NATS_URL,
    TELEGRAM_BOT_TOKEN: double.token,
    TELEGRAM_API_ROOT: double.url,
    PUBLIC_URL: "http://dirabot.test",
    // Addresses from X-Forwarded-For's last hop, so a test can be two people at two addresses.
    TRUST_PROXY: "1",
  });
  running = await launch(settings, [identity, telegram], gateway());
  base = `http://127.0.0.1:${running.port}`;
});
afterAll(async () => {
  await running?.stop();
  await double?.close();
});

async function post(url: string, body: unknown, token?: string, from?: string) {
  const res = await fetch(`${base}${url}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(from ? { "x-forwarded-for": from } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, string>,
    retryAfter: Number(res.headers.get("retry-after") ?? 0),
  };
}

async function linkedUser(name: string, chatId: number) {
  const email = `${name}-${uniq}@example.com`;
  const reg = await post("/api/auth/register", {
    firstname: name,
    lastname: "Peretz",
    email,
    password: "secret1",
  });
  const token = reg.body.token as string;
  const link = await post("/api/users/me/telegram-link", { password: "secret1" }, token);
  expect(link.body.url).toContain(`?start=${link.body.code}`);
  double.userSays({ chatId, username: `${name}_tg` }, `/start ${link.body.code}`);
  await waitFor(async () => {
    const me = (await (
      await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      user: { telegram: { linked: boolean; username: string } };
    };
    return me.user.telegram.linked ? me.user.telegram : undefined;
  }, "the account to be linked");
  return { email, token };
}

const lastMessage = (chatId: number) => double.sentTo(chatId).at(-1) ?? "";

describe("password reset through Telegram", () => {
  it("sends a code that verifies, resets the password once, and signs every session out", async () => {
    const { email, token } = await linkedUser("rivka", 9101);
    expect((await post("/api/auth/request-reset", { email })).body.status).toBe("success");
    const text = await waitFor(
      async () => (/code: \d{6}/.test(lastMessage(9101)) ? lastMessage(9101) : undefined),
      "the code",
    );
    const code = /code: (\d{6})/.exec(text)?.[1] as string;
    expect(text).toContain(`http://dirabot.test/resetpassword?token=`);

    expect(await post("/api/auth/verify-reset-code", { email, code })).toMatchObject({
      status: 200,
      body: { message: "Code verified. Please set your new password." },
    });
    const done = await post("/api/auth/reset-password", { email, code, newPassword: "brand-new-pass" });
    expect(done.body.message).toBe("Password reset successful. You can now login with your new password.");
    expect(
      (await post("/api/auth/reset-password", { email, code, newPassword: "again-again" })).body.message,
    ).toBe("Invalid verification code");
    expect((await post("/api/auth/login", { email, password: "brand-new-pass" })).status).toBe(200);
    // Revoked at once; the gateway's 5-second session cache lets it lapse within seconds.
    await waitFor(
      async () =>
        (await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status ===
        401
          ? true
          : undefined,
      "the old session to be refused",
      8000,
    );
  });

  it("resets through the link's token, and a code dies after five wrong tries", async () => {
    const { email } = await linkedUser("yossi", 9102);
    await post("/api/auth/request-reset", { email });
    const text = await waitFor(
      async () => (/token=/.test(lastMessage(9102)) ? lastMessage(9102) : undefined),
      "the link",
    );
    const link = new URL(/(http:\/\/dirabot\.test\/resetpassword\S+)/.exec(text)?.[1] as string);
    expect(link.searchParams.get("email")).toBe(email);
    const ok = await post("/api/auth/complete-reset", {
      email,
      token: link.searchParams.get("token"),
      newPassword: "via-the-link",
    });
    expect(ok.body.status).toBe("success");
    expect((await post("/api/auth/login", { email, password: "via-the-link" })).status).toBe(200);

    await post("/api/auth/request-reset", { email });
    const second = await waitFor(async () => {
      const all = double.sentTo(9102).filter((m) => /code: \d{6}/.test(m));
      return all.length >= 2 ? all.at(-1) : undefined;
    }, "a second code");
    const code = /code: (\d{6})/.exec(second)?.[1] as string;
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i++) await post("/api/auth/verify-reset-code", { email, code: wrong });
    expect((await post("/api/auth/verify-reset-code", { email, code })).body.message).toBe(
      "Invalid verification code",
    );
  });
});

describe("password reset that leaks nothing and no stranger can block", () => {
  const codesIn = (chatId: number) =>
    double.sentTo(chatId).flatMap((m) => /code: (\d{6})/.exec(m)?.[1] ?? []);

  it("stores no code for an account without a chat, and answers it as a linked one, without waiting for Telegram", async () => {
    const linked = await linkedUser("dalia", 9103);
    const unlinked = `lonely-${uniq}@example.com`;
    await post("/api/auth/register", {
      firstname: "Lonely",
      lastname: "L",
      email: unlinked,
      password: "secret1",
    });
    const codes = (mail: string) =>
      countRows(
        running,
        "SELECT count(*)::int AS n FROM identity.reset_codes c JOIN identity.users u ON u.id = c.user_id WHERE lower(u.email) = lower($1)",
        [mail],
      );
    double.sendDelayMs = 3000; // a slow Telegram: an answer that waited for it would show
    try {
      const answers = [];
      for (const mail of [linked.email, unlinked, `nobody-${uniq}@example.com`]) {
        const started = performance.now();
        const { status, body } = await post("/api/auth/request-reset", { email: mail });
        answers.push({ status, body });
        expect(performance.now() - started).toBeLessThan(double.sendDelayMs);
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]).toEqual({
        status: 200,
        body: {
          status: "success",
          message: "Verification code sent to your Telegram account. Please enter the code below.",
        },
      });
      expect(await codes(linked.email)).toBe(1);
      expect(await codes(unlinked)).toBe(0);
      await waitFor(async () => codesIn(9103)[0], "the linked account's code", 10_000);
    } finally {
      double.sendDelayMs = 0;
    }
  });

  it("lets the owner reset from their address after a stranger's request and nine wrong codes from another", async () => {
    const owner = await linkedUser("miri", 9104);
    const stranger = "198.51.100.7";
    await post("/api/auth/request-reset", { email: owner.email }, undefined, stranger);
    const first = await waitFor(async () => codesIn(9104)[0], "the stranger's code");
    const wrong = first === "999999" ? "999998" : "999999";
    for (let i = 0; i < 9; i++)
      expect(
        (await post("/api/auth/verify-reset-code", { email: owner.email, code: wrong }, undefined, stranger))
          .status,
      ).not.toBe(200);
    // The stranger's address is held, whatever it sends.
    const held = await post(
      "/api/auth/verify-reset-code",
      { email: owner.email, code: first },
      undefined,
      stranger,
    );
    expect(held).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(held.retryAfter).toBeGreaterThan(0);

    const mine = "203.0.113.9";
    expect((await post("/api/auth/request-reset", { email: owner.email }, undefined, mine)).status).toBe(200);
    const code = await waitFor(async () => codesIn(9104)[1], "the owner's code");
    expect(
      (await post("/api/auth/verify-reset-code", { email: owner.email, code }, undefined, mine)).status,
    ).toBe(200);
    const done = await post(
      "/api/auth/reset-password",
      { email: owner.email, code, newPassword: "mine-again-1" },
      undefined,
      mine,
    );
    expect(done).toMatchObject({ status: 200, body: { status: "success" } });
    expect(
      (await post("/api/auth/login", { email: owner.email, password: "mine-again-1" }, undefined, mine))
        .status,
    ).toBe(200);
  });
});
