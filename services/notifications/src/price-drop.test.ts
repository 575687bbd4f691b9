import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { asUser, testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { MessageSchema } from "@dirabot/proto/chat/v1/chat_pb.js";
import { ChatMessagesCreated } from "@dirabot/proto/events";
import { ChatMessageCreatedSchema, ChatMessagesCreatedSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSource } from "../test/event-source.ts";
import { notifications } from "./module.ts";

describe("a price drop in a bot's chat notifies its owner as a match does", () => {
  let running: Running;
  let client: ReturnType<typeof createClient<typeof NotificationsService>>;
  const chat = eventSource("chat");
  beforeAll(async () => {
    running = await launch(testSettings(), [notifications, chat.module]);
    client = createClient(NotificationsService, trustedTransport(running));
  });
  afterAll(() => running?.stop());

  const note = (userId: string, chatId: string, type: string, content: string, price: number) =>
    create(ChatMessageCreatedSchema, {
      userId,
      botName: "Florentin",
      message: create(MessageSchema, {
        id: crypto.randomUUID(),
        chatId,
        type,
        content,
        asset: { id: crypto.randomUUID(), location: "ויטל 12, פלורנטין, תל אביב יפו", rooms: 3, price },
      }),
    });

  it("makes one property_match titled with the drop, however often its event arrives", async () => {
    const [user, chatId] = [uniqueId(), crypto.randomUUID()];
    const drop = note(user, chatId, "price_drop", "Price dropped: ₪7,500 → ₪6,900", 6900);
    await chat.publishTwice(ChatMessagesCreated, create(ChatMessagesCreatedSchema, { messages: [drop] }));
    // A later match is the marker that the drop's events were both handled.
    await chat.publish(
      ChatMessagesCreated,
      create(ChatMessagesCreatedSchema, {
        messages: [note(user, chatId, "asset", "", 5000)],
      }),
    );
    const list = await waitFor(async () => {
      const r = await client.listNotifications({}, asUser(user));
      return r.notifications.length >= 2 ? r : undefined;
    }, "the drop's and the marker's notifications");
    expect(list.total).toBe(2);
    const dropped = list.notifications.find((n) => n.title.startsWith("Price dropped"));
    expect(dropped).toMatchObject({
      type: "property_match",
      title: "Price dropped: ₪7,500 → ₪6,900",
      body: "ויטל 12, פלורנטין, תל אביב יפו · 3 rooms · ₪6,900",
      url: `/chats/${chatId}?message=${drop.message?.id}`,
    });
    expect(dropped?.match).toMatchObject({ chatId, price: 6900, rooms: 3 });
  });
});
