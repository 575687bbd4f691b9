import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { identity } from "@dirabot/identity";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIssuer } from "../../test/e2e-issuer.ts";
import { gateway } from "../index.ts";

/**
 * Google sign-in against a real local OpenID Connect issuer (oidc-provider with its development
 * login screens), driven the way a browser is: redirects followed, cookies kept, forms posted.
 */
async function freePort(): Promise<number> {
  const s = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => s.once("listening", r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

let running: Running;
let issuerServer: { close(): void };
let gw: string;

beforeAll(async () => {
  const [issuerPort, gwPort] = [await freePort(), await freePort()];
  const issuer = `http://127.0.0.1:${issuerPort}`;
  gw = `http://127.0.0.1:${gwPort}`;
  issuerServer = await startIssuer(issuerPort, `${gw}/api/oauth/google/callback`);
  running = await launch(
    loadSettings({
      PORT: String(gwPort),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      SERVICES: "identity,gateway",
      // The public port is fixed (the issuer redirects to it); the internal one any free port.
      INTERNAL_PORT: "0",
      SERVICE_SECRET: process.env.SERVICE_SECRET,
      PUBLIC_URL: gw,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-oauth-")),
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      NATS_URL: process.env.TEST_NATS_URL,
      GOOGLE_CLIENT_ID: "dirabot-e2e",
      GOOGLE_CLIENT_SECRET: "dirabot-e2e-secret",
      GOOGLE_ISSUER: issuer,
    }),
    [identity],
    gateway(),
  );
});
afterAll(async () => {
  await running?.stop();
  issuerServer?.close();
});

/** A tiny browser: one cookie jar per host, manual redirects. */
function browser() {
  const jar = new Map<string, Map<string, string>>();
  return async (url: string, init: RequestInit = {}) => {
    const u = new URL(url);
    const cookies = jar.get(u.host) ?? new Map<string, string>();
    jar.set(u.host, cookies);
    const res = await fetch(u, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = (pair ?? "").indexOf("=");
      const name = (pair ?? "").slice(0, i);
      const value = (pair ?? "").slice(i + 1);
      if (value === "" || /max-age=0|expires=Thu, 01 Jan 1970/i.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return { res, cookies };
  };
}

describe("Google sign-in", () => {
  it("creates the account from the verified email, sets the session cookie and lands on /redirect", async () => {
    const go = browser();
    const person = `yael${Date.now().toString(36)}`; // a new account on a shared database too
    let { res } = await go(`${gw}/api/oauth/google`);
    let token: string | undefined;
    for (let step = 0; step < 20; step++) {
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, res.url || gw).href;
        if (next === `${gw}/redirect`) break;
        const r = await go(next);
        res = r.res;
        token = r.cookies.get("dirabot_token_v3") ?? token;
        continue;
      }
      // The issuer's development screens: sign in as "yael", then consent.
      const html = await res.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      expect(prompt, `${res.url} ${res.status} ${html.replace(/\s+/g, " ").slice(0, 1500)}`).toBeDefined();
      const form = new URLSearchParams({
        prompt: prompt as string,
        ...(prompt === "login" ? { login: person, password: "x" } : {}),
      });
      res = (
        await go(res.url, {
          method: "POST",
          body: form,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).res;
    }
    expect(res.headers.get("location")).toBe("/redirect");
    expect(token).toBeTruthy();
    const me = await fetch(`${gw}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { user: unknown }).user).toMatchObject({
      email: `${person}@gmail.test`,
      firstname: "Gali",
      lastname: "Google",
      oauthProvider: "google",
    });
  });

  it("sends a callback without a sign-in in progress back to /login", async () => {
    const res = await fetch(`${gw}/api/oauth/google/callback?code=forged&state=forged`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=google");
  });
});
