import { createClient } from "@connectrpc/connect";
import { apiRoutes, contractBreach } from "@dirabot/api";
import { bots } from "@dirabot/bots";
import { chat } from "@dirabot/chat";
import { identity } from "@dirabot/identity";
import { listings } from "@dirabot/listings";
import { type AnyServiceModule, launch, type Running } from "@dirabot/platform";
import { external, fetchOrVisit, testSettings, trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { gateway } from "../src/index.ts";

/**
 * Test-only: identity, listings, bots and chat behind a real gateway, called over HTTP as the SPA
 * calls them. Every run has its own users (unique emails) and its own bootstrapped admin, so a
 * shared database with other runs' rows is fine.
 */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
export type Json = Record<string, any>;
export interface Person {
  id: string;
  token: string;
  email: string;
  firstname: string;
}

/**
 * Every answer a test receives through `call` must be one the contract allows (@dirabot/api): a
 * declared status and a body its schema accepts, errors in the {message, code} shape. So every
 * route test is a contract test too; a breach fails the test that met it, naming the field.
 */
export function assertContract(method: string, url: string, status: number, body: unknown): void {
  const path = new URL(url, "http://x").pathname;
  // HEAD answers carry no body; paths outside /api (the SPA, the checks' images) are not JSON.
  if (method.toUpperCase() === "HEAD" || !path.startsWith("/api/")) return;
  const breach = contractBreach(apiRoutes, method, path, status, body);
  if (breach) throw new Error(`The answer breaks the API contract: ${breach}`);
}

/** `modules` and `settings` add services (telegram, say) and their settings to the four. */
export async function startApi(
  name: string,
  opts: {
    modules?: AnyServiceModule[];
    settings?: Record<string, string>;
    /** Where the gateway finds the web build (pages.test.ts gives one of its own). */
    webDist?: string;
  } = {},
) {
  const run = uniqueId();
  const admin = { email: `admin-${name}-${run}@example.com`, password: "admin-pass-1" };
  const running: Running = await launch(
    testSettings({
      REDIS_URL: external.redis,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...opts.settings,
    }),
    [identity, listings, bots, chat, ...(opts.modules ?? [])],
    // Rate limits in Redis as in production, but a budget of this run's own.
    gateway({ limitPrefix: `test-${run}:`, webDist: opts.webDist }),
  );
  const base = `http://127.0.0.1:${running.port}`;

  async function call(
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) {
    const payload = opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
    const res = await fetchOrVisit(`${base}${url}`, {
      method,
      headers: {
        ...(payload !== undefined ? { "content-type": "application/json" } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: payload,
    });
    const text = await res.text();
    const answer = { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
    assertContract(method, url, answer.status, answer.body);
    return answer;
  }

  async function register(firstname: string): Promise<Person> {
    const email = `${firstname.toLowerCase()}-${run}@example.com`;
    const r = await call("POST", "/api/auth/register", {
      body: { firstname, lastname: "Cohen", email, password: "secret1" },
    });
    if (r.status !== 201) throw new Error(`register ${firstname}: ${r.status} ${JSON.stringify(r.body)}`);
    return { id: r.body.user._id, token: r.body.token, email, firstname };
  }

  async function signInAdmin(): Promise<Person> {
    const r = await call("POST", "/api/auth/login", { body: admin });
    if (r.status !== 200) throw new Error(`admin login: ${r.status} ${JSON.stringify(r.body)}`);
    return { id: r.body.user._id, token: r.body.token, email: admin.email, firstname: r.body.user.firstname };
  }

  /** The listings service as its callers reach it (the internal listener, signed): Ingest as a scraper. */
  const listingsClient = createClient(ListingsService, trustedTransport(running));

  return {
    running,
    base,
    call,
    register,
    signInAdmin,
    listings: listingsClient,
    stop: () => running.stop(),
  };
}
