import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { asUser, testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { MessageSchema } from "@dirabot/proto/chat/v1/chat_pb.js";
import {
  ChatMessagesCreated,
  NotificationsCreated,
  NotificationsShown,
  UserDeleted,
} from "@dirabot/proto/events";
import { ChatMessageCreatedSchema, ChatMessagesCreatedSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { UserDeletedSchema } from "@dirabot/proto/events/v1/identity_pb.js";
import {
  NotificationsService,
  PropertyMatchSchema,
} from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRecorder, eventSource } from "../test/event-source.ts";
import { notifications } from "./module.ts";

describe("the notifications service", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof NotificationsService>>;
  const chat = eventSource("chat");
  const identity = eventSource("identity");
  const created = eventRecorder(NotificationsCreated);
  const shown = eventRecorder(NotificationsShown);
  /** The recorded event that announced this notification: `created`, or `shown` for a listing's matches. */
  const announced = (id: string | undefined, on: "created" | "shown" = "created") =>
    waitFor(
      async () =>
        (on === "created" ? created : shown).seen.find((e) => e.notifications.some((n) => n.id === id)),
      `notifications.${on}`,
    );

  beforeAll(async () => {
    running = await launch(testSettings(), [
      notifications,
      chat.module,
      identity.module,
      created.module,
      shown.module,
    ]);
    client = createClient(NotificationsService, trustedTransport(running));
  });
  afterAll(() => running?.stop());

  const assetMessage = (userId: string, chatId = crypto.randomUUID(), type = "asset") =>
    create(ChatMessageCreatedSchema, {
      userId,
      botName: "Florentin 3 rooms",
      unreadCount: 1,
      message: create(MessageSchema, {
        id: crypto.randomUUID(),
        chatId,
        type,
        content: type === "asset" ? "" : "hello",
        asset: {
          id: crypto.randomUUID(),
          location: "ויטל 4, פלורנטין, תל אביב יפו",
          rooms: 3.5,
          price: 6500,
        },
      }),
    });
  /** What chat announces after one transaction: these messages, together. */
  const written = (...messages: ReturnType<typeof assetMessage>[]) =>
    create(ChatMessagesCreatedSchema, { messages });
  const listOf = async (userId: string, limit = 0, skip = 0) =>
    client.listNotifications({ limit, skip }, asUser(userId));
  const code = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e) => `${Code[ConnectError.from(e).code]}: ${ConnectError.from(e).rawMessage}`,
    );

  // A listing's first matches come on a subject of their own (`.first`), and notify alike.
  it.each([ChatMessagesCreated, ChatMessagesCreated.lanes.first])(
    "turns an asset message ($subject) into one property_match notification for the chat's owner",
    async (lane) => {
      const user = uniqueId();
      const chatId = crypto.randomUUID();
      await chat.publish(lane, written(assetMessage(user, chatId)));
      const list = await waitFor(async () => {
        const r = await listOf(user);
        // The page and the counts are two queries, each may run before the event's transaction
        // commits: wait until both show it.
        return r.notifications.length && r.total ? r : undefined;
      }, "the notification");
      expect(list).toMatchObject({ total: 1, unread: 1 });
      expect(list.notifications[0]).toMatchObject({
        userId: user,
        type: "property_match",
        title: "New match: Florentin 3 rooms",
        body: "ויטל 4, פלורנטין, תל אביב יפו · 3.5 rooms · ₪6,500",
        url: expect.stringMatching(new RegExp(`^/chats/${chatId}\\?message=[0-9a-f-]{36}$`)),
        isRead: false,
      });
      expect(list.notifications[0]?.match).toMatchObject({ chatId, price: 6500, rooms: 3.5 });
      // Announced for the sockets alone (notifications.shown), without the listing but for its id
      // (a click opens its story): the rest stays with the stored notification, for the push and
      // Telegram this service queued already.
      const listingId = list.notifications[0]?.match?.listingId;
      expect(listingId).toMatch(/.+/);
      const event = await announced(list.notifications[0]?.id, "shown");
      expect(event.matchesQueued).toBe(true);
      expect(created.seen.some((e) => e.notifications.some((n) => n.id === list.notifications[0]?.id))).toBe(
        false,
      );
      expect(event.notifications.find((n) => n.userId === user)).toEqual({
        ...list.notifications[0],
        match: create(PropertyMatchSchema, { listingId }),
      });
    },
  );

  it("gives each user of a listing's matches its own notification when the listing comes once beside them", async () => {
    const [ada, ben] = [uniqueId(), uniqueId()];
    const [first, second] = [assetMessage(ada), assetMessage(ben)];
    // As chat announces a listing's matches: the messages without a copy each, the listing beside.
    const listing = {
      id: crypto.randomUUID(),
      location: "שינקין 10, לב העיר, תל אביב יפו",
      rooms: 2,
      price: 7200,
    };
    for (const m of [first, second]) if (m.message) m.message.asset = undefined;
    await chat.publish(
      ChatMessagesCreated,
      create(ChatMessagesCreatedSchema, { messages: [first, second], asset: listing }),
    );
    for (const [user, entry] of [
      [ada, first],
      [ben, second],
    ] as const) {
      const list = await waitFor(async () => {
        const r = await listOf(user);
        return r.notifications.length && r.total ? r : undefined;
      }, "the notification");
      expect(list.notifications[0]).toMatchObject({
        body: "שינקין 10, לב העיר, תל אביב יפו · 2 rooms · ₪7,200",
        url: `/chats/${entry.message?.chatId}?message=${entry.message?.id}`,
      });
      expect(list.notifications[0]?.match).toMatchObject({
        listingId: listing.id,
        chatId: entry.message?.chatId,
        messageId: entry.message?.id,
        price: 7200,
        rooms: 2,
      });
    }
  });

  it("takes a redelivered message event once, and a text message not at all", async () => {
    const user = uniqueId();
    await chat.publish(ChatMessagesCreated, written(assetMessage(user, undefined, "text")));
    await chat.publishTwice(ChatMessagesCreated, written(assetMessage(user)));
    await waitFor(async () => ((await listOf(user)).total ? true : undefined), "the notification");
    // A second, later asset message is the marker that everything before it has been applied.
    await chat.publish(ChatMessagesCreated, written(assetMessage(user)));
    await waitFor(async () => ((await listOf(user)).total >= 2 ? true : undefined), "the marker");
    const r = await listOf(user);
    expect(r.total).toBe(2);
    expect(r.notifications.map((n) => n.type)).toEqual(["property_match", "property_match"]);
  });

  it("notifies every owner of a listing's messages announced together, once however often they arrive", async () => {
    const owners = [uniqueId(), uniqueId(), uniqueId()];
    const [a, b, c] = owners as [string, string, string];
    // One listing matched three users' bots (two of them c's) and one text went with them.
    const batch = written(
      assetMessage(a),
      assetMessage(b),
      assetMessage(c),
      assetMessage(c),
      assetMessage(a, undefined, "text"),
    );
    await chat.publishTwice(ChatMessagesCreated, batch);
    await waitFor(async () => ((await listOf(c)).total >= 2 ? true : undefined), "c's two notifications");
    // A later event is the marker that both deliveries of the batch have been applied.
    await chat.publish(ChatMessagesCreated, written(assetMessage(a)));
    await waitFor(async () => ((await listOf(a)).total >= 2 ? true : undefined), "the marker");
    expect(await Promise.all(owners.map(async (u) => (await listOf(u)).total))).toEqual([2, 1, 2]);
    const urls = (await listOf(c)).notifications.map((n) => n.url).sort();
    expect(urls).toEqual(
      batch.messages
        .slice(2, 4)
        .map((m) => `/chats/${m.message?.chatId}?message=${m.message?.id}`)
        .sort(),
    );
  });

  it("announces the notifications of a listing's messages together, in one notifications.shown", async () => {
    const owners = [uniqueId(), uniqueId(), uniqueId()];
    await chat.publish(ChatMessagesCreated, written(...owners.map((u) => assetMessage(u))));
    const first = await waitFor(
      async () => (await listOf(owners[0] ?? "")).notifications[0],
      "a's notification",
    );
    const event = await announced(first.id, "shown");
    const ours = event.notifications.filter((n) => owners.includes(n.userId));
    expect(ours.map((n) => n.userId).sort()).toEqual([...owners].sort());
    expect(ours.every((n) => n.type === "property_match" && n.body.endsWith("₪6,500"))).toBe(true);
  });

  it("makes no notification for a new bot's recent listings, only for live matches", async () => {
    const user = uniqueId();
    await chat.publish(ChatMessagesCreated, {
      ...written(assetMessage(user), assetMessage(user)),
      backfill: true,
    });
    await chat.publish(ChatMessagesCreated, written(assetMessage(user)));
    await waitFor(async () => ((await listOf(user)).total >= 1 ? true : undefined), "the live match's");
    await new Promise((r) => setTimeout(r, 500)); // the backfill one was published first
    expect((await listOf(user)).total).toBe(1);
  });

  it("lists newest first, 20 by default, at most 100, after skip", async () => {
    const user = uniqueId();
    for (let i = 1; i <= 25; i++)
      await client.createNotification({ userId: user, type: "system", title: `n${i}`, body: "b" });
    const first = await listOf(user);
    expect(first).toMatchObject({ total: 25, unread: 25 });
    expect(first.notifications.map((n) => n.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `n${25 - i}`),
    );
    const rest = await listOf(user, 10, 20);
    expect(rest.notifications.map((n) => n.title)).toEqual(["n5", "n4", "n3", "n2", "n1"]);
    expect((await listOf(user, 500)).notifications).toHaveLength(25);
    expect(await code(listOf(user, 0, -1))).toBe("InvalidArgument: skip must be 0 or more");
    expect(await code(listOf(user, -1))).toBe("InvalidArgument: limit must be from 1 to 100");
  });

  it("marks one read for its owner only; anyone else's or an unknown id is not found", async () => {
    const [a, b] = [uniqueId(), uniqueId()];
    const { notification } = await client.createNotification({
      userId: a,
      type: "system",
      title: "Hello",
      body: "World",
    });
    const id = notification?.id ?? "";
    const missing = "NotFound: Notification not found";
    expect(await code(client.markRead({ id }, asUser(b)))).toBe(missing);
    expect(await code(client.markRead({ id: crypto.randomUUID() }, asUser(a)))).toBe(missing);
    expect(await code(client.markRead({ id: "not-an-id" }, asUser(a)))).toBe(missing);
    expect((await listOf(a)).unread).toBe(1);
    const r = await client.markRead({ id }, asUser(a));
    expect(r.notification).toMatchObject({ id, isRead: true, title: "Hello" });
    expect(await listOf(a)).toMatchObject({ total: 1, unread: 0 });
  });

  it("marks all of one user's read and nobody else's", async () => {
    const [a, b] = [uniqueId(), uniqueId()];
    for (const u of [a, a, a, b])
      await client.createNotification({ userId: u, type: "new_feature", title: "t", body: "b" });
    const first = (await listOf(a)).notifications[0];
    await client.markRead({ id: first?.id ?? "" }, asUser(a));
    expect((await client.markAllRead({}, asUser(a))).updated).toBe(2);
    expect(await listOf(a)).toMatchObject({ total: 3, unread: 0 });
    expect(await listOf(b)).toMatchObject({ total: 1, unread: 1 });
    expect((await client.markAllRead({}, asUser(a))).updated).toBe(0);
  });

  it("creates one for a user with its checks (type, title and body, link), and announces it", async () => {
    const user = uniqueId();
    const make = (title: string, body: string, type = "system", url = "") =>
      code(client.createNotification({ userId: user, title, body, type, url }));
    expect(await make(" ", "body")).toBe("InvalidArgument: Title and body are required");
    expect(await make("title", "")).toBe("InvalidArgument: Title and body are required");
    expect(await make("title", "body", "spam")).toMatch(
      /^InvalidArgument: Type must be one of property_match/,
    );
    expect(await make("title", "body", "system", "javascript:alert(1)")).toBe(
      "InvalidArgument: URL must be a path starting with / or an http(s) address",
    );
    // Found by the fuzz test: NUL cannot be stored, and is the caller's mistake.
    expect(await make("a\u0000b", "body")).toBe(
      "InvalidArgument: Title, body and URL cannot contain NUL characters",
    );
    expect((await listOf(user)).total).toBe(0);
    const { notification } = await client.createNotification({
      userId: user,
      title: " Welcome ",
      body: "Your bot is live",
      type: "request_verified",
      url: "/bots",
    });
    expect(notification).toMatchObject({ title: "Welcome", type: "request_verified", url: "/bots" });
    const event = await announced(notification?.id);
    expect(event.notifications).toEqual([notification]);
  });

  it("acts for the verified caller only: no acting user, or another person's userId, is refused", async () => {
    const [a, b] = [uniqueId(), uniqueId()];
    expect(await code(client.listNotifications({}))).toBe("Unauthenticated: This call needs an acting user");
    expect(await code(client.markAllRead({}))).toBe("Unauthenticated: This call needs an acting user");
    const forB = { userId: b, type: "system", title: "t", body: "b" };
    expect(await code(client.createNotification(forB, asUser(a)))).toBe(
      "PermissionDenied: Admin access required",
    );
    expect(await code(client.createNotification(forB, asUser(a, true)))).toBe("ok");
    expect(await code(client.createNotification({ ...forB, userId: a }, asUser(a)))).toBe("ok");
    expect((await listOf(b)).total).toBe(1);
  });

  it("forgets a deleted user's notifications", async () => {
    const [gone, stays] = [uniqueId(), uniqueId()];
    for (const u of [gone, gone, stays])
      await client.createNotification({ userId: u, type: "system", title: "t", body: "b" });
    await identity.publish(UserDeleted, create(UserDeletedSchema, { userId: gone }));
    await waitFor(async () => ((await listOf(gone)).total === 0 ? true : undefined), "the deletion");
    expect((await listOf(stays)).total).toBe(1);
  });
});
