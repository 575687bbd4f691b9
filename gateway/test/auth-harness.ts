import type { Client } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { launch } from "@dirabot/platform";
import { external, fetchOrVisit, testSettings, uniqueId } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { gateway } from "../src/index.ts";
import type { Json } from "./api-harness.ts";

/**
 * Test-only: the identity service behind a real gateway started with `settings` (TRUST_PROXY,
 * PUBLIC_URL, NODE_ENV…), called over HTTP with headers of the test's choosing. It also hands
 * out the gateway's own identity client, to see what the gateway leaves behind in identity.
 * Emails and rate-limit keys are this run's own, so a shared database and Redis are fine.
 */
export async function startAuthApi(settings: Record<string, string> = {}) {
  const run = uniqueId();
  const admin = { email: `admin-${run}@example.com`, password: "admin-pass-1" };
  let identityClient: Client<typeof IdentityService> | undefined;
  const running = await launch(
    testSettings({
      REDIS_URL: external.redis,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...settings,
    }),
    [identity],
    async (ctx) => {
      identityClient = ctx.client("identity", IdentityService);
      return gateway({ limitPrefix: `test-${run}:` })(ctx);
    },
  );
  const base = `http://127.0.0.1:${running.port}`;

  async function call(
    method: string,
    url: string,
    opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) {
    const res = await fetchOrVisit(`${base}${url}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json, headers: res.headers };
  }

  const email = (name: string) => `${name.toLowerCase()}-${run}@example.com`;
  async function register(name: string, headers?: Record<string, string>) {
    const r = await call("POST", "/api/auth/register", {
      body: { firstname: name, lastname: "Cohen", email: email(name), password: "secret1" },
      headers,
    });
    if (r.status !== 201) throw new Error(`register ${name}: ${r.status} ${JSON.stringify(r.body)}`);
    return { email: email(name), password: "secret1", token: r.body.token as string, headers: r.headers };
  }
  const login = (who: { email: string; password: string }, headers?: Record<string, string>) =>
    call("POST", "/api/auth/login", { body: { email: who.email, password: who.password }, headers });

  return {
    base,
    call,
    email,
    register,
    login,
    admin,
    identity: identityClient as Client<typeof IdentityService>,
    stop: () => running.stop(),
  };
}
