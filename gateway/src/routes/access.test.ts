import { notifications } from "@dirabot/notifications";
import { uniqueId, waitFor } from "@dirabot/platform/testing";
import { telegram } from "@dirabot/telegram";
import { BotApiDouble } from "@dirabot/telegram/testing";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertContract, type Json, type Person, startApi } from "../../test/api-harness.ts";
import { connect } from "../../test/realtime-testkit.ts";
import { PUSH_SAMPLE } from "./route-samples.ts";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1";

/**
 * The profile's view of what reaches an account, over HTTP: sessions (ending one signs that
 * device out at once, its socket too), push devices (capped, port 443) and the Telegram link.
 */
describe("what reaches the account", () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  let double: BotApiDouble;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    double = await BotApiDouble.start();
    api = await startApi("access", {
      modules: [notifications, telegram],
      settings: { TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url },
    });
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await api?.stop();
    await double?.close();
  });

  const as = (p: { token: string }) => ({ token: p.token });
  /** Signs the person in again from another browser. */
  async function signIn(p: Person, userAgent: string) {
    const res = await fetch(`${api.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent },
      body: JSON.stringify({ email: p.email, password: "secret1" }),
    });
    const body = (await res.json()) as Json;
    assertContract("POST", "/api/auth/login", res.status, body);
    return { ...p, token: body.token as string };
  }
  const subscribe = (p: { token: string }, endpoint: string) =>
    api.call("POST", "/api/notifications/subscribe", {
      ...as(p),
      body: { subscription: { ...PUSH_SAMPLE, endpoint } },
    });

  it("lists the sessions with their browsers; ending one signs that device out at once, socket too", async () => {
    const laptop = await api.register(`Laptop${uniqueId()}`);
    const phone = await signIn(laptop, IPHONE);
    const socket = await connect(api.base, phone.token, sockets);
    expect((await subscribe(phone, `https://push.example.com/${uniqueId()}`)).status).toBe(200);
    const listed = await api.call("GET", "/api/users/me/sessions", as(laptop));
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const other = listed.body.find((s: Json) => !s.current);
    expect(other.userAgent).toBe(IPHONE);
    expect(listed.body.filter((s: Json) => s.current)).toHaveLength(1);

    const ended = await api.call("DELETE", `/api/users/me/sessions/${other.id}`, as(laptop));
    expect(ended).toEqual({ status: 200, body: { ended: true, current: false } });
    // The phone's push device is gone from the profile as soon as the answer came.
    expect((await api.call("GET", "/api/users/me/push-subscriptions", as(laptop))).body).toEqual([]);
    expect((await api.call("GET", "/api/notifications", as(phone))).status).toBe(401);
    await waitFor(async () => (socket.socket.connected ? undefined : true), "the phone's socket closed");
    expect((await api.call("GET", "/api/notifications", as(laptop))).status).toBe(200);
    expect((await api.call("GET", "/api/users/me/sessions", as(laptop))).body).toHaveLength(1);
  });

  it("ending this session is a logout: the cookie is cleared and the token stops working", async () => {
    const me = await api.register(`Self${uniqueId()}`);
    const mine = (await api.call("GET", "/api/users/me/sessions", as(me))).body[0];
    const res = await fetch(`${api.base}/api/users/me/sessions/${mine.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(await res.json()).toEqual({ ended: true, current: true });
    expect(res.headers.get("set-cookie")).toMatch(/dirabot_token[^=]*=;/);
    expect((await api.call("GET", "/api/notifications", as(me))).status).toBe(401);
  });

  it("answers someone else's session or push device as an unknown one (404), ending nothing", async () => {
    const owner = await api.register(`Owner${uniqueId()}`);
    const stranger = await api.register(`Stranger${uniqueId()}`);
    expect((await subscribe(owner, `https://push.example.com/${uniqueId()}`)).status).toBe(200);
    const session = (await api.call("GET", "/api/users/me/sessions", as(owner))).body[0];
    const device = (await api.call("GET", "/api/users/me/push-subscriptions", as(owner))).body[0];
    expect(device).toMatchObject({ thisSession: true });
    for (const url of [
      `/api/users/me/sessions/${session.id}`,
      `/api/users/me/push-subscriptions/${device.id}`,
    ]) {
      const r = await api.call("DELETE", url, as(stranger));
      expect(r.status, url).toBe(404);
      expect(r.body.code).toBe("not_found");
    }
    expect((await api.call("GET", "/api/users/me/push-subscriptions", as(owner))).body).toHaveLength(1);
    expect((await api.call("GET", "/api/notifications", as(owner))).status).toBe(200);
    expect(
      (await api.call("DELETE", `/api/users/me/push-subscriptions/${device.id}`, as(owner))).body,
    ).toEqual({
      removed: true,
    });
  });

  it("takes 10 push devices per account (the 11th: 409 limit_reached) on port 443 only (else 400)", async () => {
    const p = await api.register(`Many${uniqueId()}`);
    const run = uniqueId();
    for (let i = 0; i < 10; i++)
      expect((await subscribe(p, `https://push.example.com/${run}/${i}`)).status).toBe(200);
    const eleventh = await subscribe(p, `https://push.example.com/${run}/10`);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toEqual({
      code: "limit_reached",
      message:
        "This account already has 10 devices receiving notifications: remove one in your profile first",
    });
    const other = await api.register(`Port${uniqueId()}`);
    const port = await subscribe(other, `https://push.example.com:8443/${run}`);
    expect(port.status).toBe(400);
    expect(port.body.message).toBe("Invalid subscription: the endpoint must be on port 443");
    expect((await api.call("GET", "/api/users/me/push-subscriptions", as(other))).body).toEqual([]);
  });

  it("unlinks the Telegram account: the profile shows none and the chat gets nothing more", async () => {
    const p = await api.register(`Tg${uniqueId()}`);
    const chatId = 7000 + Math.floor(Math.random() * 1000);
    const link = await api.call("POST", "/api/users/me/telegram-link", {
      ...as(p),
      body: { password: "secret1" },
    });
    double.userSays({ chatId, username: "tg_owner" }, `/start ${link.body.code}`);
    await waitFor(
      async () =>
        (await api.call("GET", "/api/users/me", as(p))).body.user.telegram.linked ? true : undefined,
      "the account linked",
    );
    expect(await api.call("DELETE", "/api/users/me/telegram-link", as(p))).toEqual({
      status: 200,
      body: { unlinked: true },
    });
    expect((await api.call("GET", "/api/users/me", as(p))).body.user.telegram).toEqual({
      linked: false,
      username: "",
    });
    expect((await api.call("DELETE", "/api/users/me/telegram-link", as(p))).body).toEqual({
      unlinked: false,
    });
    const before = double.sentTo(chatId).length;
    await api.call("POST", "/api/auth/request-reset", { body: { email: p.email } });
    await new Promise((r) => setTimeout(r, 500));
    expect(double.sentTo(chatId)).toHaveLength(before);
  });
});
