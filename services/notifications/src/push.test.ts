import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { launch, type Running } from "@dirabot/platform";
import { asUser, testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { ChatMessagesCreated, NotificationsCreated } from "@dirabot/proto/events";
import { NotificationsCreatedSchema } from "@dirabot/proto/events/v1/notifications_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSource, redelivery } from "../test/event-source.ts";
import { matchEvent } from "../test/match-event.ts";
import { PushReceiver } from "../test/push-receiver.ts";
import { createNotifications } from "./module.ts";

/**
 * Web push end to end on real engines: the notifications service (with a clock the test moves)
 * sends through web-push to a local push service over HTTPS that checks the VAPID signature and
 * decrypts each push as a browser would; identity answers the users' settings.
 */
describe("web push delivery", () => {
  let running: Running;
  let rx: PushReceiver;
  let client: ReturnType<typeof createClient<typeof NotificationsService>>;
  let users: ReturnType<typeof createClient<typeof IdentityService>>;
  const chat = eventSource("chat");
  const again = redelivery("notifications");
  let offsetMs = 0; // the service's clock runs this far ahead of the real one

  beforeAll(async () => {
    rx = await PushReceiver.start();
    running = await launch(testSettings({ PUSH_PRIVATE_HOSTS: rx.host }), [
      identity,
      createNotifications({
        pushAgent: rx.agent,
        now: () => new Date(Date.now() + offsetMs),
        pollMs: 100,
        schema: `notifications_${uniqueId()}`, // its clock moves: no other test process may act for it
      }),
      chat.module,
      again.module,
    ]);
    client = createClient(NotificationsService, trustedTransport(running));
    users = createClient(IdentityService, trustedTransport(running));
    rx.vapidPublicKey = (await client.getVapidPublicKey({})).publicKey;
  });
  afterAll(async () => {
    await running?.stop();
    await rx?.close();
  });

  const person = async () => {
    const r = await users.register({
      firstname: "Push",
      lastname: "Tester",
      email: `push-${uniqueId()}@example.com`,
      password: "secret-pass-1",
    });
    return r.session?.user?.id as string;
  };
  const subscribe = async (userId: string) => {
    const b = rx.subscription();
    await client.subscribe({ subscription: { endpoint: b.endpoint, ...b.keys } }, asUser(userId));
    return b;
  };
  const code = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e) => `${Code[ConnectError.from(e).code]}: ${ConnectError.from(e).rawMessage}`,
    );
  const match = (userId: string, price = 6500) =>
    chat.publish(
      ChatMessagesCreated,
      matchEvent(userId, {
        city: "Tel Aviv",
        size: 75,
        price,
        images: ["https://img.example/1.jpg"],
        link: "https://www.yad2.co.il/item/abc",
      }),
    );
  const status = async (userId: string, endpoint: string) =>
    (await client.getSubscriptionStatus({ endpoint }, asUser(userId))).subscribed;

  it("validates a subscription with the web app's messages and stores nothing bad", async () => {
    const u = await person();
    const b = rx.subscription();
    const sub = (s: object | undefined) => code(client.subscribe({ subscription: s }, asUser(u)));
    expect(await sub(undefined)).toBe("InvalidArgument: Invalid subscription: missing required fields");
    expect(await sub({ ...b.keys, endpoint: "" })).toBe(
      "InvalidArgument: Invalid subscription: missing endpoint",
    );
    expect(await sub({ endpoint: b.endpoint, p256dh: "", auth: b.keys.auth })).toBe(
      "InvalidArgument: Subscription keys are missing",
    );
    expect(await sub({ ...b.keys, endpoint: b.endpoint.replace("https:", "http:") })).toBe(
      "InvalidArgument: Invalid subscription: the endpoint must be an https URL",
    );
    expect(await sub({ endpoint: b.endpoint, p256dh: "AAAA", auth: b.keys.auth })).toBe(
      "InvalidArgument: Invalid subscription: the keys are not a browser's push keys",
    );
    expect(await status(u, b.endpoint)).toBe(false);
    expect(await sub({ endpoint: b.endpoint, ...b.keys })).toBe("ok");
    expect(await status(u, b.endpoint)).toBe(true);
  });

  it("sends a test notification, signed and encrypted, that arrives decrypted", async () => {
    const u = await person();
    const b = await subscribe(u);
    const { notification } = await client.createNotification(
      { userId: u, type: "system", title: "Hello", body: "A test push", url: "/notifications" },
      asUser(u),
    );
    const [got] = await rx.until(() => (rx.to(b.id).length ? rx.to(b.id) : undefined), "the test push");
    expect(got?.payload).toEqual({
      title: "Hello",
      body: "A test push",
      url: "/notifications",
      tag: `n-${notification?.id}`,
      type: "system",
    });
    expect(got?.headers).toMatchObject({ urgency: "normal", ttl: "86400", "content-encoding": "aes128gcm" });
    expect(got?.headers.topic).toBe(notification?.id.replaceAll("-", ""));
    expect(rx.rejected).toEqual([]);
  });

  it("pushes a property match with its price, area and rooms, opening its story over the chat", async () => {
    const u = await person();
    const b = await subscribe(u);
    await match(u, 7200);
    const [got] = await rx.until(() => (rx.to(b.id).length ? rx.to(b.id) : undefined), "the match push");
    expect(got?.payload).toMatchObject({
      title: "New match: Florentin",
      body: "Vital 4, Florentin, Tel Aviv · 3 rooms · ₪7,200",
      type: "property_match",
      image: "https://img.example/1.jpg",
      match: { price: 7200, rooms: 3, area: "Florentin", size: 75, link: "https://www.yad2.co.il/item/abc" },
    });
    expect(got?.payload.url).toMatch(/^\/chats\/[0-9a-f-]{36}\?message=[0-9a-f-]{36}&story=[\w-]+$/);
    expect(got?.headers).toMatchObject({ urgency: "high", ttl: String(12 * 3600) });
  });

  it("pushes a match once: queued where it was written, not again when its announcement is read", async () => {
    const u = await person();
    const b = await subscribe(u);
    await match(u, 5100);
    await rx.until(() => (rx.to(b.id).length ? true : undefined), "the match push");
    // Its announcement once more (a later event id: the inbox does not stop it), after the
    // match's dispatch is gone: only the flag keeps the deliver consumer from queuing it again.
    const { notifications } = await client.listNotifications({}, asUser(u));
    const announced = create(NotificationsCreatedSchema, { notifications, matchesQueued: true });
    await again.publishTwice(NotificationsCreated, announced);
    // The marker's announcement is read after that one, which has then been read too.
    await client.createNotification({ userId: u, type: "system", title: "Marker", body: "b" }, asUser(u));
    await rx.until(() => (rx.to(b.id).length >= 2 ? true : undefined), "the marker");
    await new Promise((r) => setTimeout(r, 300)); // a second match push would be queued by now
    expect(
      rx
        .to(b.id)
        .map((r) => r.payload.title)
        .sort(),
    ).toEqual(["Marker", "New match: Florentin"]);
  });

  it("pushes each notification announced together to its own user's browser, once however often the announcement arrives", async () => {
    const [a, b] = [await person(), await person()];
    const [forA, forB] = [await subscribe(a), await subscribe(b)];
    const note = (userId: string, title: string) => ({
      id: crypto.randomUUID(),
      userId,
      title,
      body: "From the announcement",
      type: "new_feature",
      url: "/bots",
    });
    const batch = create(NotificationsCreatedSchema, {
      notifications: [note(a, "First for a"), note(b, "For b"), note(a, "Second for a")],
    });
    await again.publishTwice(NotificationsCreated, batch);
    await rx.until(
      () => (rx.to(forA.id).length >= 2 && rx.to(forB.id).length ? true : undefined),
      "the pushes",
    );
    // A later push to a is the marker that both deliveries of the announcement have been applied.
    await client.createNotification({ userId: a, type: "system", title: "Marker", body: "b" }, asUser(a));
    await rx.until(() => (rx.to(forA.id).length >= 3 ? true : undefined), "the marker");
    // Sent concurrently: in any order.
    expect(
      rx
        .to(forA.id)
        .map((r) => r.payload.title)
        .sort(),
    ).toEqual(["First for a", "Marker", "Second for a"]);
    expect(rx.to(forB.id).map((r) => r.payload)).toEqual([
      {
        title: "For b",
        body: "From the announcement",
        url: "/bots",
        tag: `n-${batch.notifications[1]?.id}`,
        type: "new_feature",
      },
    ]);
  });

  it("tries again after a 429 (Retry-After honoured) and a 503, and delivers once", async () => {
    const u = await person();
    const b = await subscribe(u);
    rx.answer(b.id, { status: 429, headers: { "retry-after": "1" } }, 503);
    await client.createNotification({ userId: u, type: "system", title: "Retry", body: "me" }, asUser(u));
    await rx.until(() => (rx.to(b.id).length ? true : undefined), "the retried push", 30_000);
    const statuses = rx.answered.filter((a) => a.id === b.id).map((a) => a.status);
    expect(statuses).toEqual([429, 503, 201]);
    expect(rx.to(b.id)).toHaveLength(1);
  });

  it("removes a subscription the push service says is gone (410), and sends it nothing more", async () => {
    const u = await person();
    const [gone, live] = [await subscribe(u), await subscribe(u)];
    rx.always(gone.id, 410);
    await client.createNotification({ userId: u, type: "system", title: "One", body: "b" }, asUser(u));
    await rx.until(() => (rx.to(live.id).length ? true : undefined), "the live browser's push");
    await waitFor(async () => ((await status(u, gone.endpoint)) ? undefined : true), "the removal");
    expect(await status(u, live.endpoint)).toBe(true);
    await client.createNotification({ userId: u, type: "system", title: "Two", body: "b" }, asUser(u));
    await rx.until(() => (rx.to(live.id).length === 2 ? true : undefined), "the second push");
    expect(rx.answered.filter((a) => a.id === gone.id)).toEqual([{ id: gone.id, status: 410 }]);
  });

  it("stops pushing after unsubscribe; only the owner's unsubscribe counts", async () => {
    const [u, other] = [await person(), await person()];
    const b = await subscribe(u);
    expect((await client.unsubscribe({ endpoint: b.endpoint }, asUser(other))).removed).toBe(false);
    expect(await status(u, b.endpoint)).toBe(true);
    expect((await client.unsubscribe({ endpoint: b.endpoint }, asUser(u))).removed).toBe(true);
    expect(await status(u, b.endpoint)).toBe(false);
    const c = await subscribe(u); // a marker: a later push to another browser of the user
    await client.createNotification({ userId: u, type: "system", title: "After", body: "b" }, asUser(u));
    await rx.until(() => (rx.to(c.id).length ? true : undefined), "the marker");
    expect(rx.answered.filter((a) => a.id === b.id)).toEqual([]);
  });

  it("gives an endpoint to whoever subscribes it last, with the new keys", async () => {
    const [a, b] = [await person(), await person()];
    const browser = await subscribe(a);
    await client.subscribe(
      { subscription: { endpoint: browser.endpoint, ...browser.keys } },
      asUser(b), // b signs in on the same browser
    );
    expect(await status(a, browser.endpoint)).toBe(false);
    expect(await status(b, browser.endpoint)).toBe(true);
    await client.createNotification({ userId: a, type: "system", title: "For a", body: "x" }, asUser(a));
    await client.createNotification({ userId: b, type: "system", title: "For b", body: "x" }, asUser(b));
    await rx.until(() => (rx.to(browser.id).length ? true : undefined), "b's push");
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.to(browser.id).map((r) => r.payload.title)).toEqual(["For b"]);
  });

  it("holds matches in quiet hours and sends one digest when they end", async () => {
    const u = await person();
    const b = await subscribe(u);
    // A window around the service's now, in Israel time: it ends in an hour.
    const hhmm = (ms: number) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Jerusalem",
        hour: "2-digit",
        minute: "2-digit",
      }).format(new Date(Date.now() + offsetMs + ms));
    await users.updateUser(
      {
        id: u,
        notify: {
          quietHoursChange: { case: "quietHours", value: { from: hhmm(-3_600_000), to: hhmm(3_600_000) } },
        },
      },
      asUser(u),
    );
    for (const price of [5000, 5100, 5200]) await match(u, price);
    await waitFor(
      async () => ((await client.listNotifications({}, asUser(u))).total === 3 ? true : undefined),
      "the three notifications",
    );
    await new Promise((r) => setTimeout(r, 800)); // decisions made, nothing sent
    expect(rx.answered.filter((a) => a.id === b.id)).toEqual([]);

    offsetMs += 61 * 60_000; // the window is over
    const [digest] = await rx.until(() => (rx.to(b.id).length ? rx.to(b.id) : undefined), "the digest");
    expect(digest?.payload).toMatchObject({
      title: "3 new matches while you were away",
      type: "property_match",
      url: "/notifications",
    });
    expect(String(digest?.payload.body)).toContain("₪5,000");
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.to(b.id)).toHaveLength(1);
  });
});
