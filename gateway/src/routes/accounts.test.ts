import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { identity } from "@dirabot/identity";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { fetchOrVisit } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateway } from "../index.ts";

/** The accounts API end to end: gateway → identity service → PostgreSQL, as a browser calls it. */
let running: Running;
let base: string;
const uniq = Date.now().toString(36);
const ADMIN = { email: `admin-${uniq}@example.com`, password: "admin-pass-1" };

beforeAll(async () => {
  const settings = loadSettings({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SERVICES: "identity,gateway",
    SERVICE_SECRET: process.env.SERVICE_SECRET,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-accounts-")),
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    NATS_URL: process.env.TEST_NATS_URL,
    REDIS_URL: process.env.TEST_REDIS_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  running = await launch(settings, [identity], gateway());
  base = `http://127.0.0.1:${running.port}`;
});
afterAll(async () => running?.stop());

async function call(method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetchOrVisit(`${base}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return {
    status: res.status, // biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
    body: (await res.json()) as Record<string, any>,
    headers: res.headers,
  };
}

async function register(name: string) {
  const email = `${name}-${uniq}@example.com`;
  const r = await call("POST", "/api/auth/register", {
    body: { firstname: name, lastname: "Cohen", email, password: "secret1" },
  });
  expect(r.status).toBe(201);
  return { email, token: r.body.token as string, id: r.body.user._id as string };
}
const login = async (email: string, password: string) =>
  (await call("POST", "/api/auth/login", { body: { email, password } })).body.token as string;

describe("sign-up and sign-in", () => {
  it("registers, signs in with a session cookie, and refuses a taken email", async () => {
    const email = `noa-${uniq}@example.com`;
    const r = await call("POST", "/api/auth/register", {
      body: { firstname: "Noa", lastname: "Levi", email, password: "secret1" },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: "success",
      user: {
        firstname: "Noa",
        lastname: "Levi",
        fullname: "Noa Levi",
        email,
        roles: ["user"],
        isBanned: false,
        oauthProvider: "none",
      },
    });
    expect(r.headers.get("set-cookie")).toMatch(/dirabot_token_v3=.+; path=\/; expires=.+; samesite=strict/i);
    const again = await call("POST", "/api/auth/register", {
      body: { firstname: "N", lastname: "L", email: email.toUpperCase(), password: "secret1" },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: "An account with this email already exists", code: "already_exists" },
    });
  });

  it("gives the forms' own validation messages", async () => {
    const bad = async (b: object) => (await call("POST", "/api/auth/register", { body: b })).body.message;
    expect(await bad({ lastname: "x", email: "a@b.co", password: "secret1" })).toBe("First name is required");
    expect(await bad({ firstname: "x", lastname: " ", email: "a@b.co", password: "secret1" })).toBe(
      "Last name is required",
    );
    expect(await bad({ firstname: "x", lastname: "y", email: "", password: "secret1" })).toBe("username");
    expect(await bad({ firstname: "x", lastname: "y", email: "a@b.co", password: "12345" })).toBe(
      "Password must be at least 6 characters long",
    );
    expect(await bad({ firstname: "x", lastname: "y", email: "not-an-email", password: "secret1" })).toBe(
      "Please enter a valid email address",
    );
    const l = await call("POST", "/api/auth/login", { body: { email: "", password: "" } });
    expect(l).toMatchObject({
      status: 400,
      body: { message: "username is required", code: "invalid_argument" },
    });
    const notJson = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(await notJson.json()).toEqual({ message: "Request body must be JSON", code: "invalid_argument" });
    // Found by the fuzz test: a NUL in any field is the caller's mistake, never a 500.
    expect(
      await call("POST", "/api/auth/login", { body: { email: "\u0000", password: "secret1" } }),
    ).toMatchObject({
      status: 400,
      body: { message: "Text cannot contain NUL characters", code: "invalid_argument" },
    });
  });

  it("refuses a wrong password or unknown email with one message", async () => {
    const { email } = await register("wrongpw");
    for (const body of [
      { email, password: "nope-nope" },
      { email: `ghost-${uniq}@example.com`, password: "secret1" },
    ]) {
      expect(await call("POST", "/api/auth/login", { body })).toMatchObject({
        status: 401,
        body: { message: "Invalid email or password", code: "unauthenticated" },
      });
    }
    expect(await login(email.toUpperCase(), "secret1")).toBeTruthy();
  });

  it("validates tokens, and logout revokes the token server-side", async () => {
    const { email } = await register("logout");
    const token = await login(email, "secret1");
    expect((await call("POST", "/api/auth/validate", { body: { token } })).body.valid).toBe(true);
    expect((await call("GET", "/api/users/me", { token })).body.user.email).toBe(email);
    expect((await call("POST", "/api/auth/logout", { token })).status).toBe(200);
    expect(await call("GET", "/api/users/me", { token })).toMatchObject({
      status: 401,
      body: { code: "unauthenticated" },
    });
    expect((await call("POST", "/api/auth/validate", { body: { token } })).status).toBe(401);
    expect((await call("POST", "/api/auth/validate", { body: { token: "forged.token.value" } })).status).toBe(
      401,
    );
  });

  it("changes a password only with the current one", async () => {
    const { email, token } = await register("changer");
    const wrong = await call("POST", "/api/auth/change-password", {
      token,
      body: { currentPassword: "bad-one", newPassword: "newsecret" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: "Current password is incorrect" } });
    expect(
      (
        await call("POST", "/api/auth/change-password", {
          token,
          body: { currentPassword: "secret1", newPassword: "newsecret" },
        })
      ).status,
    ).toBe(200);
    expect(await login(email, "newsecret")).toBeTruthy();
  });

  it("answers every signed-in route with 401 without a token", async () => {
    for (const [m, u] of [
      ["GET", "/api/users/me"],
      ["GET", "/api/users/filter"],
      ["GET", "/api/users/count"],
      ["PATCH", "/api/users/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/api/users/00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/auth/change-password"],
    ]) {
      const r = await call(m as string, u as string, {
        body: m === "GET" || m === "DELETE" ? undefined : {},
      });
      expect([u, r.status, r.body.code]).toEqual([u, 401, "unauthenticated"]);
    }
  });
});

describe("users and permissions", () => {
  it("lets a user change their own names and avatar, nothing else", async () => {
    const me = await register("self");
    const other = await register("other");
    const ok = await call("PATCH", `/api/users/${me.id}`, {
      token: me.token,
      body: { firstname: "Maya", avatar: "7" },
    });
    expect(ok.body.user).toMatchObject({ firstname: "Maya", avatar: "7", fullname: "Maya Cohen" });
    expect(
      (await call("PATCH", `/api/users/${me.id}`, { token: me.token, body: { avatar: "26" } })).body.message,
    ).toBe("Avatar must be one of the 25 presets");
    expect(
      (await call("PATCH", `/api/users/${me.id}`, { token: me.token, body: { roles: ["admin"] } })).status,
    ).toBe(403);
    expect(
      (await call("PATCH", `/api/users/${me.id}`, { token: me.token, body: { isBanned: false } })).status,
    ).toBe(403);
    expect(
      (await call("PATCH", `/api/users/${other.id}`, { token: me.token, body: { firstname: "Hacked" } }))
        .status,
    ).toBe(403);
    for (const [m, u] of [
      ["GET", "/api/users/filter"],
      ["GET", "/api/users/count"],
      ["DELETE", `/api/users/${other.id}`],
    ]) {
      expect((await call(m as string, u as string, { token: me.token })).body).toEqual({
        message: "Admin access required",
        code: "permission_denied",
      });
    }
  });

  it("lets the bootstrapped admin search, count, ban, un-ban and delete", async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    expect((await call("GET", "/api/users/me", { token: admin })).body.user.roles).toEqual(["user", "admin"]);
    const u = await register("banme");
    const found = await call("GET", `/api/users/filter?search=BANME-${uniq}`, { token: admin });
    expect(found.body.map((x: { _id: string }) => x._id)).toEqual([u.id]);
    expect((await call("GET", "/api/users/filter?search=zz-nobody-zz", { token: admin })).body).toEqual([]);

    const banned = await call("PATCH", `/api/users/${u.id}`, {
      token: admin,
      body: { isBanned: true, bannedReason: "Spam listings" },
    });
    expect(banned.body.user).toMatchObject({ isBanned: true, bannedReason: "Spam listings" });
    const count = await call("GET", "/api/users/count", { token: admin });
    expect(count.body).toMatchObject({
      count: expect.any(Number),
      bannedCount: expect.any(Number),
      createdLastDay: expect.any(Number),
    });
    expect(count.body.bannedCount).toBeGreaterThanOrEqual(1);

    // A banned user signs in and reads /me (to be shown /banned), and nothing else.
    const bannedToken = await login(u.email, "secret1");
    expect((await call("GET", "/api/users/me", { token: bannedToken })).body.user.bannedReason).toBe(
      "Spam listings",
    );
    expect(
      (await call("PATCH", `/api/users/${u.id}`, { token: bannedToken, body: { firstname: "x" } })).body,
    ).toEqual({ message: "Your account is banned", code: "permission_denied" });

    const unbanned = await call("PATCH", `/api/users/${u.id}`, { token: admin, body: { isBanned: false } });
    expect(unbanned.body.user).toMatchObject({ isBanned: false, bannedReason: "" });
    const roles = await call("PATCH", `/api/users/${u.id}`, { token: admin, body: { roles: [] } });
    expect(roles.body.user.roles).toEqual(["user"]); // an empty selection is ignored

    expect((await call("DELETE", `/api/users/${u.id}`, { token: admin })).body.status).toBe("success");
    expect((await call("DELETE", `/api/users/${u.id}`, { token: admin })).status).toBe(404);
    expect((await call("GET", "/api/users/me", { token: bannedToken })).status).toBe(401);
  });
});

describe("password reset without a linked Telegram account", () => {
  it("answers every email the same and refuses made-up codes", async () => {
    const { email } = await register("forgetful");
    const sent = "Verification code sent to your Telegram account. Please enter the code below.";
    for (const e of [email, `nobody-${uniq}@example.com`]) {
      expect(await call("POST", "/api/auth/request-reset", { body: { email: e } })).toMatchObject({
        status: 200,
        body: { status: "success", message: sent },
      });
    }
    const wrong = await call("POST", "/api/auth/verify-reset-code", { body: { email, code: "000000" } });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: "Invalid verification code", code: "invalid_argument" },
    });
    const viaLink = await call("POST", "/api/auth/complete-reset", {
      body: { email, token: "made-up", newPassword: "longenough" },
    });
    expect(viaLink.body.message).toBe("Invalid verification code");
    expect(await login(email, "secret1")).toBeTruthy(); // nothing changed
  });

  it("gives the forgot-password validation messages", async () => {
    const msg = async (url: string, b: object) => (await call("POST", url, { body: b })).body.message;
    expect(await msg("/api/auth/request-reset", {})).toBe("Username is required");
    expect(await msg("/api/auth/verify-reset-code", { email: "a@b.co" })).toBe(
      "Verification code is required",
    );
    expect(await msg("/api/auth/reset-password", { email: "a@b.co", code: "123456" })).toBe(
      "New password is required",
    );
    expect(
      await msg("/api/auth/reset-password", { email: "a@b.co", code: "123456", newPassword: "short" }),
    ).toBe("Password must be at least 8 characters");
  });

  it("says which social sign-ins are configured", async () => {
    expect((await call("GET", "/api/oauth/providers")).body).toEqual({ google: false });
  });
});

describe("the websocket handshake", () => {
  it("accepts a live session token or cookie and refuses a revoked one", async () => {
    const { io } = await import("socket.io-client");
    const { token } = await register("socket");
    const outcome = (opts: object) =>
      new Promise<string>((resolve) => {
        const s = io(base, { transports: ["websocket"], reconnection: false, ...opts });
        s.once("connect", () => {
          s.close();
          resolve("connected");
        });
        s.once("connect_error", (e) => {
          s.close();
          resolve(e.message);
        });
      });
    expect(await outcome({ auth: { token } })).toBe("connected");
    expect(await outcome({ extraHeaders: { cookie: `dirabot_token_v3=${token}` } })).toBe("connected");
    expect(await outcome({})).toBe("unauthenticated");
    await call("POST", "/api/auth/logout", { token });
    expect(await outcome({ auth: { token } })).toBe("unauthenticated");
  });
});
