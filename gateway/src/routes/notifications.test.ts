import { identity } from "@dirabot/identity";
import { createNotifications } from "@dirabot/notifications";
import { PushReceiver } from "@dirabot/notifications/testing";
import { launch, type Running } from "@dirabot/platform";
import { testSettings } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call as http, type Json, register as registerUser } from "../../test/realtime-testkit.ts";
import { gateway } from "../index.ts";

/** /api/notifications as the SPA calls it: gateway → notifications service, per signed-in user. */
let running: Running;
let base: string;
let rx: PushReceiver;
const admin = { email: `notif-admin-${Date.now()}@example.com`, password: "admin-pass-1" };

beforeAll(async () => {
  rx = await PushReceiver.start();
  running = await launch(
    testSettings({
      SERVICES: "identity,notifications,gateway",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      PUSH_PRIVATE_HOSTS: rx.host,
    }),
    // A schema of its own: another test process's notifications service would send these pushes
    // without this receiver's certificate.
    [
      identity,
      createNotifications({
        pushAgent: rx.agent,
        pollMs: 100,
        schema: `notifications_${Date.now().toString(36)}`,
      }),
    ],
    gateway(),
  );
  base = `http://127.0.0.1:${running.port}`;
});
afterAll(async () => {
  await running?.stop();
  await rx?.close();
});

const call = (method: string, url: string, token?: string, body?: unknown) =>
  http(base, method, url, token, body);
const register = async (name: string) => (await registerUser(base, name)).token;
const send = (token: string, title: string, extra: Json = {}) =>
  call("POST", "/api/notifications/test", token, { title, body: `${title} body`, ...extra });

describe("/api/notifications", () => {
  it("needs a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/notifications"],
      ["PATCH", "/api/notifications/read-all"],
      ["PATCH", `/api/notifications/${crypto.randomUUID()}/read`],
    ] as const)
      expect((await call(method, url)).status).toBe(401);
  });

  it("lists the caller's own, newest first, with the fields the web app reads and the counts", async () => {
    const [a, b] = [await register("ayelet"), await register("boaz")];
    const sent = await send(a, "first", { url: "/bots" });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe("Notification sent successfully!");
    await send(a, "second");
    await send(b, "not yours");
    const r = await call("GET", "/api/notifications", a);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 2, unread: 2 });
    expect(r.body.notifications.map((n: Json) => n.title)).toEqual(["second", "first"]);
    const first = r.body.notifications[1];
    expect(Object.keys(first).sort()).toEqual(["_id", "body", "createdAt", "isRead", "title", "type", "url"]);
    expect(first).toMatchObject({
      _id: sent.body.notification._id,
      body: "first body",
      type: "system",
      url: "/bots",
    });
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
    const page = await call("GET", "/api/notifications?limit=1&skip=1", a);
    expect(page.body.notifications.map((n: Json) => n.title)).toEqual(["first"]);
    expect(page.body.total).toBe(2);
  });

  it("refuses bad paging and an empty test notification with a clear message", async () => {
    const a = await register("carmel");
    for (const [query, message] of [
      ["limit=0", "limit must be a whole number from 1 to 100"],
      ["limit=101", "limit must be a whole number from 1 to 100"],
      ["limit=ten", "limit must be a whole number from 1 to 100"],
      ["skip=-1", "skip must be a whole number from 0 to 100000000"],
      ["limit=5&limit=6", "limit must be given once"],
    ])
      expect(await call("GET", `/api/notifications?${query}`, a)).toEqual({
        status: 400,
        body: { message, code: "invalid_argument" },
      });
    expect((await call("POST", "/api/notifications/test", a, { title: "  ", body: "x" })).body).toEqual({
      message: "Title and body are required",
      code: "invalid_argument",
    });
    expect((await call("POST", "/api/notifications/test", a, { title: "x" })).status).toBe(400);
  });

  it("sends a few test notifications a minute per account, then answers 429 and stores nothing", async () => {
    const [a, b] = [await register("gal"), await register("hadar")];
    for (let i = 1; i <= 5; i++) expect((await send(a, `test ${i}`)).status).toBe(201);
    expect(await send(a, "test 6")).toEqual({
      status: 429,
      body: { message: "Too many requests, please try again later.", code: "rate_limited" },
    });
    expect((await call("GET", "/api/notifications", a)).body.total).toBe(5);
    // The budget is the account's: another person's test goes through.
    expect((await send(b, "b's test")).status).toBe(201);
  });

  it("lets a user mark only their own read, one or all", async () => {
    const [a, b] = [await register("dana"), await register("eli")];
    const one = (await send(a, "one")).body.notification._id;
    await send(a, "two");
    await send(b, "b's");
    const missing = { status: 404, body: { message: "Notification not found", code: "not_found" } };
    expect(await call("PATCH", `/api/notifications/${one}/read`, b)).toEqual(missing);
    expect(await call("PATCH", "/api/notifications/nope/read", a)).toEqual(missing);
    expect((await call("GET", "/api/notifications", a)).body.unread).toBe(2);

    const read = await call("PATCH", `/api/notifications/${one}/read`, a);
    expect(read).toMatchObject({ status: 200, body: { _id: one, title: "one", isRead: true } });
    expect((await call("GET", "/api/notifications", a)).body.unread).toBe(1);

    expect(await call("PATCH", "/api/notifications/read-all", b)).toEqual({
      status: 200,
      body: { updated: 1 },
    });
    expect((await call("GET", "/api/notifications", a)).body).toMatchObject({ total: 2, unread: 1 });
    expect((await call("PATCH", "/api/notifications/read-all", a)).body).toEqual({ updated: 1 });
    expect((await call("GET", "/api/notifications", a)).body).toMatchObject({ total: 2, unread: 0 });
  });
});

describe("/api/notifications: web push", () => {
  const browser = () => {
    const b = rx.subscription();
    return { id: b.id, subscription: { endpoint: b.endpoint, keys: b.keys } };
  };
  const bad = (message: string) => ({ status: 400, body: { message, code: "invalid_argument" } });

  it("answers the VAPID public key to anyone: the key the pushes are signed with", async () => {
    const r = await call("GET", "/api/notifications/vapid-public-key");
    expect(r.status).toBe(200);
    expect(Buffer.from(r.body.publicKey, "base64url")).toHaveLength(65);
    rx.vapidPublicKey = r.body.publicKey;
  });

  it("subscribes this browser with the web app's checks, says so, and unsubscribes", async () => {
    const a = await register("hila");
    const b = browser();
    const sub = (body: unknown) => call("POST", "/api/notifications/subscribe", a, body);
    expect(await sub({})).toEqual(bad("Invalid subscription: missing required fields"));
    expect(await sub({ subscription: { keys: b.subscription.keys } })).toEqual(
      bad("Invalid subscription: missing endpoint"),
    );
    expect(await sub({ subscription: { endpoint: b.subscription.endpoint } })).toEqual(
      bad("Subscription keys are missing"),
    );
    expect(await sub({ subscription: { ...b.subscription, endpoint: "http://push.example/x" } })).toEqual(
      bad("Invalid subscription: the endpoint must be an https URL"),
    );
    const status = async () =>
      (await call("POST", "/api/notifications/subscription-status", a, { endpoint: b.subscription.endpoint }))
        .body;
    expect(await status()).toEqual({ subscribed: false });
    expect(await sub(b)).toEqual({ status: 200, body: { subscribed: true } });
    expect(await status()).toEqual({ subscribed: true });
    expect(await call("POST", "/api/notifications/unsubscribe", a, { subscription: {} })).toEqual(
      bad("Invalid subscription: missing endpoint"),
    );
    expect(await call("POST", "/api/notifications/unsubscribe", a, b)).toEqual({
      status: 200,
      body: { subscribed: false, removed: true },
    });
    expect(await status()).toEqual({ subscribed: false });
    expect((await call("POST", "/api/notifications/subscribe", undefined, b)).status).toBe(401);
  });

  it("delivers the test notification to the subscribed browser", async () => {
    const a = await register("itai");
    const b = browser();
    await call("POST", "/api/notifications/subscribe", a, b);
    const sent = await send(a, "Test push", { url: "/bots" });
    const [got] = await rx.until(() => (rx.to(b.id).length ? rx.to(b.id) : undefined), "the push");
    expect(got?.payload).toEqual({
      title: "Test push",
      body: "Test push body",
      url: "/bots",
      tag: `n-${sent.body.notification._id}`,
      type: "system",
    });
  });

  it("lists every user's notifications to admins only, newest first, by type, with the user", async () => {
    const [a, b] = [await registerUser(base, "yael"), await registerUser(base, "zohar")];
    const run = Date.now().toString(36);
    await send(a.token, `from yael ${run}`);
    await send(b.token, `from zohar ${run}`);
    const login = await call("POST", "/api/auth/login", undefined, admin);
    const token = login.body.token;
    expect((await call("GET", "/api/notifications/all", a.token)).status).toBe(403);
    const r = await call("GET", "/api/notifications/all?limit=100&type=system", token);
    expect(r.status).toBe(200);
    expect(r.body.total).toBeGreaterThanOrEqual(2);
    expect(r.body.notifications.every((n: Json) => n.type === "system")).toBe(true);
    // Other tests may write beside these (a shared database): this run's, in their order.
    const mine = r.body.notifications.filter((n: Json) => n.title.endsWith(run));
    expect(mine.map((n: Json) => n.title)).toEqual([`from zohar ${run}`, `from yael ${run}`]);
    expect(mine[1].user).toMatchObject({ _id: a.id, firstname: "yael" });
    expect(mine[1].user.email).toMatch(/@/);
    expect((await call("GET", "/api/notifications/all?type=spam", token)).body.message).toMatch(
      /^type must be one of property_match/,
    );
    const none = await call("GET", "/api/notifications/all?type=new_feature&skip=100000", token);
    expect(none.body.notifications).toEqual([]);
  });
});
