import { create, type DescMessage, type MessageShape, toBinary } from "@bufbuild/protobuf";
import { anyPack, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createLogger, subjectOf } from "@dirabot/platform";
import { MemoryBus } from "@dirabot/platform/bus/memory-bus.ts";
import { ChatMessageCreatedSchema, ChatReadSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { EnvelopeSchema } from "@dirabot/proto/events/v1/envelope_pb.js";
import { NotificationCreatedSchema } from "@dirabot/proto/events/v1/notifications_pb.js";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { pushEvents } from "./realtime.ts";

/** What each bus event becomes on the sockets, seen through a recording stand-in for Socket.IO's rooms. */
const bus = new MemoryBus(createLogger("silent"));
const emitted: Array<{ rooms: string[]; event: string; data: unknown }> = [];
const rooms = {
  to: (r: string | string[]) => ({
    emit: (event: string, data: unknown) => {
      emitted.push({ rooms: [r].flat(), event, data });
      return true;
    },
  }),
} as never;
const subs = await pushEvents(bus, rooms, `rt-test-${crypto.randomUUID()}`, createLogger("silent"));
afterEach(() => {
  emitted.length = 0;
});
afterAll(async () => {
  await Promise.all(subs.map((s) => s.stop()));
});

async function publish<D extends DescMessage>(
  source: string,
  type: string,
  schema: D,
  payload: MessageShape<D>,
  occurredAt = new Date(),
) {
  const id = crypto.randomUUID();
  const envelope = create(EnvelopeSchema, {
    id,
    type,
    source,
    occurredAt: timestampFromDate(occurredAt),
    payload: anyPack(schema, payload),
  });
  await bus.publish(subjectOf(source, type), toBinary(EnvelopeSchema, envelope), id);
}

const created = create(ChatMessageCreatedSchema, {
  userId: "u1",
  unreadCount: 3,
  botName: "b",
  message: { id: "m1", chatId: "c1", type: "text", content: "hi", tempId: "t1" },
});

describe("socket pushes", () => {
  it("sends a new message to its chat's and owner's rooms, with the owner's unread count", async () => {
    await publish("chat", "message.created", ChatMessageCreatedSchema, created);
    expect(emitted).toEqual([
      {
        rooms: ["chat:c1", "user:u1"],
        event: "chat:newMessage",
        data: expect.objectContaining({
          _id: "m1",
          chatId: "c1",
          content: "hi",
          tempId: "t1",
          sender: "bot",
        }),
      },
      { rooms: ["user:u1"], event: "chat:unread", data: { chatId: "c1", unreadCount: 3 } },
    ]);
  });

  it("takes the chat service's current subject for messages the same way", async () => {
    await publish("chat", "message.created", ChatMessageCreatedSchema, created);
    expect(emitted.map((e) => e.event)).toEqual(["chat:newMessage", "chat:unread"]);
  });

  it("zeroes the owner's unread count when a chat is read, and brings a notification to its user", async () => {
    await publish(
      "chat",
      "chat.read",
      ChatReadSchema,
      create(ChatReadSchema, { chatId: "c1", userId: "u1" }),
    );
    await publish(
      "notifications",
      "notification.created",
      NotificationCreatedSchema,
      create(NotificationCreatedSchema, {
        notification: { id: "n1", userId: "u2", title: "T", body: "B", type: "system", url: "/bots" },
      }),
    );
    expect(emitted).toEqual([
      { rooms: ["user:u1"], event: "chat:unread", data: { chatId: "c1", unreadCount: 0 } },
      {
        rooms: ["user:u2"],
        event: "notification:new",
        data: {
          _id: "n1",
          title: "T",
          body: "B",
          type: "system",
          isRead: false,
          createdAt: null,
          url: "/bots",
        },
      },
    ]);
  });

  it("drops what is stale (an outage's backlog) and what does not decode, without retrying it", async () => {
    await publish(
      "chat",
      "message.created",
      ChatMessageCreatedSchema,
      created,
      new Date(Date.now() - 10 * 60_000),
    );
    await publish("chat", "chat.read", ChatMessageCreatedSchema, created as never);
    expect(emitted).toEqual([]);
  });
});
