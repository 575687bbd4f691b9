import { identity } from "@dirabot/identity";
import { notifications } from "@dirabot/notifications";
import { launch, type Running } from "@dirabot/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSettings } from "../../../services/platform/test/settings.ts";
import { gateway } from "../index.ts";
import { call as http, type Json, register as registerUser } from "../realtime-testkit.ts";

/** /api/notifications as the SPA calls it: gateway → notifications service, per signed-in user. */
let running: Running;
let base: string;

beforeAll(async () => {
  running = await launch(
    testSettings({ SERVICES: "identity,notifications,gateway" }),
    [identity, notifications],
    gateway(),
  );
  base = `http://127.0.0.1:${running.port}`;
});
afterAll(async () => running?.stop());

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

  it("lists the caller's own, newest first, with the spec's fields and counts", async () => {
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
