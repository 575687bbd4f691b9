import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { identity } from "@dirabot/identity";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { fetchOrVisit } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertContract } from "../../test/api-harness.ts";
import { gateway } from "../index.ts";

/**
 * A session a ban ended, as the browser holding it meets it: every request, the start-up check
 * included, answers `401 {code: "banned", bannedReason}` so the SPA shows /banned with the reason;
 * a logout or a password change keeps the plain 401.
 */
let running: Running;
let base: string;
const uniq = Date.now().toString(36);
const ADMIN = { email: `admin-${uniq}@example.com`, password: "admin-pass-1" };
let admin: string;

beforeAll(async () => {
  const settings = loadSettings({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SERVICES: "identity,gateway",
    SERVICE_SECRET: process.env.SERVICE_SECRET,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-banned-")),
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    NATS_URL: process.env.TEST_NATS_URL,
    REDIS_URL: process.env.TEST_REDIS_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  running = await launch(settings, [identity], gateway());
  base = `http://127.0.0.1:${running.port}`;
  admin = await login(ADMIN.email, ADMIN.password);
});
afterAll(async () => running?.stop());

async function call(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; lang?: string; cookie?: boolean } = {},
) {
  const res = await fetchOrVisit(`${base}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(opts.token && !opts.cookie ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.token && opts.cookie ? { cookie: `dirabot_token_v3=${opts.token}` } : {}),
      ...(opts.lang ? { "accept-language": opts.lang } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const body = await res.json();
  assertContract(method, url, res.status, body);
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
  return { status: res.status, body: body as Record<string, any> };
}

async function login(email: string, password: string): Promise<string> {
  const r = await call("POST", "/api/auth/login", { body: { email, password } });
  expect(r.status).toBe(200);
  return r.body.token as string;
}

async function register(name: string) {
  const email = `${name}-${uniq}@example.com`;
  const r = await call("POST", "/api/auth/register", {
    body: { firstname: name, lastname: "Cohen", email, password: "secret1" },
  });
  expect(r.status).toBe(201);
  return { email, token: r.body.token as string, id: r.body.user._id as string };
}

const ban = (id: string, isBanned: boolean, bannedReason = "") =>
  call("PATCH", `/api/users/${id}`, { token: admin, body: { isBanned, bannedReason } });

describe("a request with a session a ban ended", () => {
  it("is told banned, with the reason, on every route and the start-up check", async () => {
    const u = await register("tab");
    const rename = { firstname: "Renamed" };
    expect((await call("PATCH", `/api/users/${u.id}`, { token: u.token, body: rename })).status).toBe(200);
    expect((await ban(u.id, true, "Fake listings")).status).toBe(200);

    const told = { code: "banned", bannedReason: "Fake listings", message: "Your account is banned" };
    expect(await call("PATCH", `/api/users/${u.id}`, { token: u.token, body: rename })).toEqual({
      status: 401,
      body: told,
    });
    expect(await call("GET", "/api/users/me", { token: u.token })).toEqual({ status: 401, body: told });
    expect(await call("GET", "/api/users/me", { token: u.token, cookie: true })).toEqual({
      status: 401,
      body: told,
    });
    expect(await call("POST", "/api/auth/validate", { token: u.token, body: { token: u.token } })).toEqual({
      status: 401,
      body: told,
    });
    // In Hebrew, the message; the reason is the admin's words as written.
    expect((await call("GET", "/api/users/me", { token: u.token, lang: "he" })).body).toEqual({
      ...told,
      message: "החשבון שלך חסום",
    });
  });

  it("logout and a password change keep the plain 401", async () => {
    const u = await register("plain");
    const second = await login(u.email, "secret1");
    const third = await login(u.email, "secret1");
    expect((await call("POST", "/api/auth/logout", { token: second })).status).toBe(200);
    const changed = await call("POST", "/api/auth/change-password", {
      token: u.token,
      body: { currentPassword: "secret1", newPassword: "secret2" },
    });
    expect(changed.status).toBe(200);
    for (const token of [second, third]) {
      const r = await call("GET", "/api/users/me", { token });
      expect(r).toMatchObject({ status: 401, body: { code: "unauthenticated" } });
      expect(r.body).not.toHaveProperty("bannedReason");
    }
  });

  it("a fresh sign-in of the banned user reads the ban; after the ban is lifted, all is as before", async () => {
    const u = await register("again");
    await ban(u.id, true, "Spam");
    const fresh = await login(u.email, "secret1");
    expect((await call("GET", "/api/users/me", { token: fresh })).body.user).toMatchObject({
      isBanned: true,
      bannedReason: "Spam",
    });
    const rename = { firstname: "Renamed" };
    expect(await call("PATCH", `/api/users/${u.id}`, { token: fresh, body: rename })).toMatchObject({
      status: 403,
      body: { code: "permission_denied" },
    });

    await ban(u.id, false);
    // The sessions the ban ended stay ended, now plainly; a new sign-in works normally.
    expect(await call("GET", "/api/users/me", { token: u.token })).toMatchObject({
      status: 401,
      body: { code: "unauthenticated" },
    });
    const back = await login(u.email, "secret1");
    expect((await call("GET", "/api/users/me", { token: back })).body.user).toMatchObject({
      isBanned: false,
      bannedReason: "",
    });
    expect((await call("PATCH", `/api/users/${u.id}`, { token: back, body: rename })).status).toBe(200);
  });
});
