import { notifications } from "@dirabot/notifications";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../test/api-harness.ts";
import { type PrismProxy, startPrism } from "../test/prism-proxy.ts";

/**
 * The SPA's ordinary calls sent through Stoplight's Prism proxy, which checks each request and
 * answer against the document the gateway serves: a tool that reads only the document must agree
 * with what the gateway really says.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let prism: PrismProxy;
const violations: string[] = [];

beforeAll(async () => {
  api = await startApi("prism", { modules: [notifications] });
  const admin = await api.signInAdmin();
  const doc = await api.call("GET", "/api/openapi.json", { token: admin.token });
  prism = await startPrism(doc.body, api.base);
}, 180_000);
afterAll(async () => {
  await prism?.stop();
  await api?.stop();
});

/** One call through Prism, as the SPA makes it; any violation Prism reports is kept. */
async function via(method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${prism.base}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const found = res.headers.get("sl-violations");
  if (found) violations.push(`${method} ${url} ${res.status}: ${found}`);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
}

async function signUp(): Promise<Person> {
  const email = `prism-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const body = { firstname: "Prism", lastname: "Cohen", email, password: "secret1" };
  const r = await via("POST", "/api/auth/register", { body });
  expect(r.status).toBe(201);
  return { id: r.body.user._id, token: r.body.token, email, firstname: "Prism" };
}

/** A flat in Florentin, so a bot watching the area gets it among its recent matches. */
async function ingestFlat(): Promise<string> {
  const [outcome] = (
    await api.listings.ingest({
      listings: [
        {
          source: "yad2",
          externalId: `prism-${Date.now()}`,
          city: "תל אביב יפו",
          street: "פלורנטין",
          price: 5200,
          rooms: 2,
          lat: 32.0575,
          lon: 34.7685,
        },
      ],
    })
  ).outcomes;
  return outcome?.id ?? "";
}

describe("ordinary calls through Prism's proxy", () => {
  it("find the document and the gateway in agreement", async () => {
    const asset = await ingestFlat();
    const me = await signUp();
    const as = { token: me.token };
    expect(
      (await via("POST", "/api/auth/login", { body: { email: me.email, password: "secret1" } })).status,
    ).toBe(200);
    expect((await via("GET", "/api/users/me", as)).status).toBe(200);
    expect((await via("GET", "/api/requests/neighborhoods")).status).toBe(200);

    const bot = await via("POST", "/api/requests/website-create", {
      ...as,
      body: { botName: "prism", neighborhoodCodes: [205], priceLimit: [1000, 9000], rooms: 1 },
    });
    expect(bot.status).toBe(201);
    expect((await via("GET", "/api/requests", as)).status).toBe(200);
    expect((await via("GET", `/api/requests/${bot.body._id}`, as)).status).toBe(200);
    const settings = {
      isActive: true,
      neighborhoodCodes: [205],
      priceLimit: [1000, 8000],
      rooms: 1,
      merchant: null,
      filters: { safeRoom: null, parking: null, elevator: null },
      include: { rooms: false, sublets: true },
    };
    const changed = { ...as, body: settings };
    expect((await via("PATCH", `/api/requests/${bot.body._id}`, changed)).status).toBe(200);

    expect((await via("GET", "/api/assets?limit=5", as)).status).toBe(200);
    expect((await via("GET", "/api/assets/count", as)).status).toBe(200);
    expect((await via("GET", `/api/assets/${asset}`, as)).status).toBe(200);

    const chats = await via("GET", "/api/chats", as);
    const chat = chats.body.find((c: Json) => c.botId === bot.body._id);
    expect((await via("GET", `/api/chats/${chat._id}`, as)).status).toBe(200);
    const sent = await via("POST", `/api/chats/${chat._id}/messages`, { ...as, body: { content: "hello" } });
    expect(sent.status).toBe(201);
    expect((await via("POST", `/api/chats/${chat._id}/read`, as)).status).toBe(200);

    const note = await via("POST", "/api/notifications/test", { ...as, body: { title: "t", body: "b" } });
    expect(note.status).toBe(201);
    expect((await via("GET", "/api/notifications", as)).status).toBe(200);
    expect((await via("PATCH", `/api/notifications/${note.body.notification._id}/read`, as)).status).toBe(
      200,
    );

    expect((await via("DELETE", `/api/requests/${bot.body._id}`, as)).status).toBe(200);
    // The refusals a screen meets every day, in the one error shape.
    expect((await via("GET", `/api/requests/${bot.body._id}`, as)).status).toBe(404);
    const wrong = { body: { email: me.email, password: "wrong-pass" } };
    expect((await via("POST", "/api/auth/login", wrong)).status).toBe(401);
    const again = { firstname: "Prism", lastname: "Cohen", email: me.email, password: "secret1" };
    expect((await via("POST", "/api/auth/register", { body: again })).status).toBe(409);
    expect((await via("POST", "/api/auth/logout", as)).status).toBe(200);
    expect((await via("GET", "/api/users/me", as)).status).toBe(401);
    expect(violations).toEqual([]);
  }, 120_000);
});
