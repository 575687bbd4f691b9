import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { launch, type Running } from "@dirabot/platform";
import { asUser, testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { BotMemberRemoved, ChatMessagesCreated } from "@dirabot/proto/events";
import { BotMemberRemovedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import { ChatMessageCreatedSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSource } from "../test/event-source.ts";
import { matchEvent } from "../test/match-event.ts";
import { PushReceiver } from "../test/push-receiver.ts";
import { createNotifications } from "./module.ts";

/**
 * A member removed from a shared bot (or who left it) hears nothing more of it: what was held
 * for their quiet hours, or waiting to be sent again, goes; the owner's own still goes out, and
 * so do the member's matches of other bots.
 */
describe("a removed member's held matches", () => {
  let running: Running;
  let rx: PushReceiver;
  let client: ReturnType<typeof createClient<typeof NotificationsService>>;
  let users: ReturnType<typeof createClient<typeof IdentityService>>;
  const chat = eventSource("chat");
  const bots = eventSource("bots");
  let offsetMs = 0;

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
      bots.module,
    ]);
    client = createClient(NotificationsService, trustedTransport(running));
    users = createClient(IdentityService, trustedTransport(running));
    rx.vapidPublicKey = (await client.getVapidPublicKey({})).publicKey;
  });
  afterAll(async () => {
    await running?.stop();
    await rx?.close();
  });

  const hhmm = (ms: number) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Jerusalem",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(Date.now() + offsetMs + ms));

  /** A user with a subscribed browser, maybe in quiet hours that end in an hour. */
  async function person(quiet: boolean) {
    const r = await users.register({
      firstname: "Member",
      lastname: "Tester",
      email: `member-${uniqueId()}@example.com`,
      password: "secret-pass-1",
    });
    const id = r.session?.user?.id as string;
    const browser = rx.subscription();
    await client.subscribe({ subscription: { endpoint: browser.endpoint, ...browser.keys } }, asUser(id));
    if (quiet)
      await users.updateUser(
        {
          id,
          notify: {
            quietHoursChange: { case: "quietHours", value: { from: hhmm(-3_600_000), to: hhmm(3_600_000) } },
          },
        },
        asUser(id),
      );
    return { id, browser };
  }

  /** A shared bot's match as chat announces it: the owner's entry, then the member's. */
  async function sharedMatch(ownerId: string, memberId: string, chatId: string, price: number) {
    const event = matchEvent(ownerId, { price });
    const [first] = event.messages;
    if (first?.message) first.message.chatId = chatId;
    event.messages.push(
      create(ChatMessageCreatedSchema, {
        message: first?.message,
        botName: first?.botName,
        userId: memberId,
        member: true,
      }),
    );
    await chat.publish(ChatMessagesCreated, event);
  }

  const removed = (ownerId: string, userId: string, chatId: string) =>
    create(BotMemberRemovedSchema, { botId: uniqueId(), chatId, ownerId, userId });
  const total = async (userId: string, n: number) =>
    waitFor(
      async () => ((await client.listNotifications({}, asUser(userId))).total === n ? true : undefined),
      `${n} notifications`,
    );

  it("leaves the removed member out of the digest; the owner still gets theirs", async () => {
    const owner = await person(true);
    const member = await person(true);
    const shared = crypto.randomUUID();
    await sharedMatch(owner.id, member.id, shared, 8100);
    await sharedMatch(owner.id, member.id, shared, 8200);
    // The member's own bot: not the shared one, so it stays theirs.
    await chat.publish(ChatMessagesCreated, matchEvent(member.id, { price: 8300 }));
    await total(owner.id, 2);
    await total(member.id, 3);
    await new Promise((r) => setTimeout(r, 800)); // decided and held
    // Delivered twice (a redelivery after a lost ack): the second finds nothing to drop.
    await bots.publishTwice(BotMemberRemoved, removed(owner.id, member.id, shared));
    await new Promise((r) => setTimeout(r, 800));
    expect(rx.answered.filter((a) => a.id === owner.browser.id || a.id === member.browser.id)).toEqual([]);

    offsetMs += 61 * 60_000; // the quiet hours are over
    const [digest] = await rx.until(
      () => (rx.to(owner.browser.id).length ? rx.to(owner.browser.id) : undefined),
      "the owner's digest",
    );
    expect(digest?.payload).toMatchObject({ title: "2 new matches while you were away" });
    const [own] = await rx.until(
      () => (rx.to(member.browser.id).length ? rx.to(member.browser.id) : undefined),
      "the member's own match",
    );
    // One match left for the member: it goes as itself, and it is their own bot's.
    expect(own?.payload.title).toBe("New match: Florentin");
    expect(String(own?.payload.body)).toContain("₪8,300");
    expect(String(own?.payload.body)).not.toContain("₪8,100");
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.to(member.browser.id)).toHaveLength(1);
    expect(rx.to(owner.browser.id)).toHaveLength(1);
  });

  it("drops a push waiting to be tried again when its member is removed", async () => {
    const owner = await person(false);
    const member = await person(false);
    const shared = crypto.randomUUID();
    // The member's push service is busy: their push comes back in a minute.
    rx.answer(member.browser.id, { status: 503, headers: { "Retry-After": "60" } });
    await sharedMatch(owner.id, member.id, shared, 8400);
    await rx.until(() => (rx.to(owner.browser.id).length ? true : undefined), "the owner's push");
    await rx.until(
      () => (rx.answered.some((a) => a.id === member.browser.id) ? true : undefined),
      "the member's first try",
    );
    await bots.publish(BotMemberRemoved, removed(owner.id, member.id, shared));
    await new Promise((r) => setTimeout(r, 800));
    offsetMs += 2 * 60_000; // the retry came due
    await new Promise((r) => setTimeout(r, 1000));
    expect(rx.answered.filter((a) => a.id === member.browser.id)).toEqual([
      { id: member.browser.id, status: 503 },
    ]);
  });
});
