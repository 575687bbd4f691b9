import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthApi } from "../../test/auth-harness.ts";

/**
 * The session cookie is Secure exactly when PUBLIC_URL is https, whatever NODE_ENV says and
 * whatever a client claims in X-Forwarded-Proto; setting it never fails the sign-in.
 */
const cookieOf = (headers: Headers) =>
  headers.getSetCookie().find((c) => c.startsWith("dirabot_token_v3=")) ?? "";

describe("an http PUBLIC_URL with NODE_ENV=production", () => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;
  beforeAll(async () => {
    api = await startAuthApi({ NODE_ENV: "production", PUBLIC_URL: "http://dirabot.lan:8080" });
  });
  afterAll(() => api?.stop());

  it("registers and signs in with a cookie that is not Secure", async () => {
    const email = api.email("Plain");
    const reg = await api.call("POST", "/api/auth/register", {
      body: { firstname: "Plain", lastname: "Http", email, password: "secret1" },
    });
    expect(reg.status).toBe(201);
    expect(cookieOf(reg.headers)).toMatch(/^dirabot_token_v3=.+; samesite=strict/i);
    expect(cookieOf(reg.headers)).not.toMatch(/;\s*secure/i);
    const login = await api.login({ email, password: "secret1" });
    expect(login.status).toBe(200);
    expect(cookieOf(login.headers)).not.toMatch(/;\s*secure/i);
    const out = await api.call("POST", "/api/auth/logout", { token: login.body.token });
    expect(out.status).toBe(200);
    expect(cookieOf(out.headers)).not.toMatch(/;\s*secure/i);
  });
});

describe.each([
  ["without TRUST_PROXY", {}, { "x-forwarded-proto": "http" }],
  ["behind one trusted proxy that says https", { TRUST_PROXY: "1" }, { "x-forwarded-proto": "https" }],
])("an https PUBLIC_URL, reached over plain http %s", (_, settings, headers) => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;
  beforeAll(async () => {
    api = await startAuthApi({ ...settings, PUBLIC_URL: "https://dirabot.example" });
  });
  afterAll(() => api?.stop());

  it("sets a Secure cookie at register, login and logout, and answers normally", async () => {
    const who = await api.register("Tls", headers);
    expect(cookieOf(who.headers)).toMatch(/;\s*secure/i);
    const login = await api.login(who, headers);
    expect(login.status).toBe(200);
    expect(cookieOf(login.headers)).toMatch(/;\s*secure/i);
    const out = await api.call("POST", "/api/auth/logout", { token: login.body.token, headers });
    expect(out.status).toBe(200);
    expect(cookieOf(out.headers)).toMatch(/^dirabot_token_v3=;.*;\s*secure/i);
  });
});
