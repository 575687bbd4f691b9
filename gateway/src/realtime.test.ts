import { create, type DescMessage, type MessageShape, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { anyPack, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createLogger, MemoryBus } from "@dirabot/platform";
import {
  ChatMessagesCreated,
  ChatRead,
  type EventDef,
  NotificationsCreated,
  NotificationsShown,
} from "@dirabot/proto/events";
import {
  ChatMessageCreatedSchema,
  ChatMessagesCreatedSchema,
  ChatReadSchema,
} from "@dirabot/proto/events/v1/chat_pb.js";
import { EnvelopeSchema } from "@dirabot/proto/events/v1/envelope_pb.js";
import { NotificationsCreatedSchema } from "@dirabot/proto/events/v1/notifications_pb.js";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { pushEvents } from "./realtime.ts";

/** What each bus event becomes on the sockets, seen through a recording stand-in for Socket.IO's rooms. */
const bus = new MemoryBus(createLogger("silent"));
const emitted: Array<{ rooms: string[]; event: string; data: unknown }> = [];
/** Rooms with no socket in this process. */
const empty = new Set<string>();
const rooms = {
  to: (r: string | string[]) => ({
    emit: (event: string, data: unknown) => {
      emitted.push({ rooms: [r].flat(), event, data });
      return true;
    },
  }),
  has: (room: string) => !empty.has(room),
} as never;
const subs = await pushEvents(bus, rooms, createLogger("silent"));
afterEach(() => {
  emitted.length = 0;
  empty.clear();
});
afterAll(async () => {
  await Promise.all(subs.map((s) => s.stop()));
});

/** `packAs`: a payload of another type than the event's, as a faulty producer would send. */
async function publish<D extends DescMessage>(
  event: EventDef<D>,
  payload: MessageShape<D>,
  occurredAt = new Date(),
  packAs: DescMessage = event.schema,
) {
  const id = crypto.randomUUID();
  const envelope = create(EnvelopeSchema, {
    id,
    type: event.type,
    source: event.producer,
    occurredAt: timestampFromDate(occurredAt),
    payload: anyPack(packAs, payload),
  });
  await bus.publish(event.subject, toBinary(EnvelopeSchema, envelope), id);
}

const created = create(ChatMessagesCreatedSchema, {
  messages: [
    {
      userId: "u1",
      unreadCount: 3,
      botName: "b",
      message: { id: "m1", chatId: "c1", type: "text", content: "hi", tempId: "t1" },
    },
  ],
});

describe("socket pushes", () => {
  it("sends a new message to its chat's and owner's rooms, with the owner's unread count in it", async () => {
    await publish(ChatMessagesCreated, created);
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
          unreadCount: 3,
        }),
      },
    ]);
  });

  it("sends each of a listing's messages announced together to its own chat and owner", async () => {
    // The listing comes once beside the messages, as chat sends a listing's matches.
    const asset = { id: "l1", price: 6500, rooms: 3 };
    const entry = (n: number) => ({
      userId: `u${n}`,
      unreadCount: n,
      botName: `b${n}`,
      message: { id: `m${n}`, chatId: `c${n}`, type: "asset" },
    });
    await publish(
      ChatMessagesCreated,
      create(ChatMessagesCreatedSchema, { messages: [entry(1), entry(2)], asset }),
    );
    expect(emitted.map((e) => [e.event, e.rooms, (e.data as { unreadCount?: number }).unreadCount])).toEqual([
      ["chat:newMessage", ["chat:c1", "user:u1"], 1],
      ["chat:newMessage", ["chat:c2", "user:u2"], 2],
    ]);
    for (const at of [0, 1])
      expect(emitted[at]?.data).toMatchObject({
        _id: `m${at + 1}`,
        chatId: `c${at + 1}`,
        type: "asset",
        asset: { _id: "l1", price: 6500, rooms: 3 },
      });
  });

  it("lets a listing's first matches through while an event of hundreds is still being pushed", async () => {
    const entry = (n: number) => ({
      userId: `u${n}`,
      unreadCount: 1,
      botName: "b",
      message: { id: `m${n}`, chatId: `c${n}`, type: "asset" },
    });
    const asset = { id: "l1", price: 6500, rooms: 3 };
    const many = create(ChatMessagesCreatedSchema, {
      messages: Array.from({ length: 500 }, (_, n) => entry(n)),
      asset,
    });
    const first = create(ChatMessagesCreatedSchema, { messages: [entry(1000)], asset });
    await Promise.all([publish(ChatMessagesCreated, many), publish(ChatMessagesCreated.lanes.first, first)]);
    const ids = emitted.map((e) => (e.data as { _id: string })._id);
    expect(ids).toHaveLength(501);
    // The first matches' message went out before the 500's last ones; the 500 kept their order.
    expect(ids.indexOf("m1000")).toBeLessThan(100);
    expect(ids.filter((id) => id !== "m1000")).toEqual(Array.from({ length: 500 }, (_, n) => `m${n}`));
  });

  it("sends a listing's first matches, which chat announces on a subject of their own, alike", async () => {
    await publish(ChatMessagesCreated.lanes.first, created);
    expect(emitted.map((e) => [e.event, e.rooms, (e.data as { _id?: string })._id])).toEqual([
      ["chat:newMessage", ["chat:c1", "user:u1"], "m1"],
    ]);
  });

  it("zeroes the owner's unread count when a chat is read, and brings a notification to its user", async () => {
    await publish(ChatRead, create(ChatReadSchema, { chatId: "c1", userId: "u1" }));
    await publish(
      NotificationsCreated,
      create(NotificationsCreatedSchema, {
        notifications: [{ id: "n1", userId: "u2", title: "T", body: "B", type: "system", url: "/bots" }],
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

  it("brings each of a listing's notifications announced together to its own user (notifications.shown)", async () => {
    const note = (n: number, userId: string) => ({
      id: `n${n}`,
      userId,
      title: `New match: b${n}`,
      body: "Florentin",
      type: "property_match",
      url: `/chats/c${n}?message=m${n}`,
    });
    // As a listing's matches are announced: their writer queued their delivery already.
    await publish(
      NotificationsShown,
      create(NotificationsCreatedSchema, {
        notifications: [note(1, "u1"), note(2, "u2"), note(3, "u1")],
        matchesQueued: true,
      }),
    );
    expect(emitted.map((e) => [e.event, e.rooms, (e.data as { _id: string })._id])).toEqual([
      ["notification:new", ["user:u1"], "n1"],
      ["notification:new", ["user:u2"], "n2"],
      ["notification:new", ["user:u1"], "n3"],
    ]);
    expect(emitted[1]?.data).toMatchObject({
      title: "New match: b2",
      type: "property_match",
      url: "/chats/c2?message=m2",
    });
  });

  it("emits nothing for those with no socket here: neither the chat's nor the owner's room", async () => {
    for (const room of ["chat:c2", "user:u2", "user:u3"]) empty.add(room);
    const entry = (n: number, chatId = `c${n}`) => ({
      userId: `u${n}`,
      unreadCount: 1,
      botName: `b${n}`,
      message: { id: `m${n}`, chatId, type: "asset" },
    });
    // u1 is here; u2 is not, nor is anyone in c2; u3 is not, but an admin has c3 open here.
    await publish(
      ChatMessagesCreated,
      create(ChatMessagesCreatedSchema, { messages: [entry(1), entry(2), entry(3)], asset: { id: "l1" } }),
    );
    await publish(
      NotificationsCreated,
      create(NotificationsCreatedSchema, {
        notifications: [1, 2, 3].map((n) => ({ id: `n${n}`, userId: `u${n}`, title: "T", type: "system" })),
      }),
    );
    await publish(ChatRead, create(ChatReadSchema, { chatId: "c2", userId: "u2" }));
    expect(emitted.map((e) => [e.event, e.rooms])).toEqual([
      ["chat:newMessage", ["chat:c1", "user:u1"]],
      ["chat:newMessage", ["chat:c3", "user:u3"]],
      ["notification:new", ["user:u1"]],
    ]);
  });

  it("decodes only the entries its sockets get: one for nobody here is never decoded, even broken", async () => {
    const entry = (n: number) =>
      toBinary(
        ChatMessageCreatedSchema,
        create(ChatMessageCreatedSchema, {
          userId: `u${n}`,
          unreadCount: 1,
          message: { id: `m${n}`, chatId: `c${n}`, type: "asset" },
        }),
      );
    // u9's entry reads as u9's, in chat c9, but its message's creation time is not a Timestamp.
    const brokenMessage = new BinaryWriter()
      .tag(2, WireType.LengthDelimited)
      .string("c9")
      .tag(10, WireType.LengthDelimited)
      .bytes(new Uint8Array([0xff, 0xff]))
      .finish();
    const broken = new BinaryWriter()
      .tag(1, WireType.LengthDelimited)
      .bytes(brokenMessage)
      .tag(2, WireType.LengthDelimited)
      .string("u9")
      .finish();
    const payload = new BinaryWriter();
    for (const e of [entry(1), broken, entry(2)]) payload.tag(1, WireType.LengthDelimited).bytes(e);
    const bytes = payload.finish();
    const publishRaw = async () => {
      const id = crypto.randomUUID();
      const envelope = create(EnvelopeSchema, {
        id,
        type: ChatMessagesCreated.type,
        source: ChatMessagesCreated.producer,
        occurredAt: timestampFromDate(new Date()),
        payload: {
          typeUrl: `type.googleapis.com/${ChatMessagesCreatedSchema.typeName}`,
          value: bytes,
        },
      });
      await bus.publish(ChatMessagesCreated.subject, toBinary(EnvelopeSchema, envelope), id);
    };
    for (const room of ["user:u9", "chat:c9"]) empty.add(room);
    await publishRaw();
    expect(emitted.map((e) => [e.event, e.rooms])).toEqual([
      ["chat:newMessage", ["chat:c1", "user:u1"]],
      ["chat:newMessage", ["chat:c2", "user:u2"]],
    ]);
    // Where u9 has a socket, its entry is decoded and fails: the event is skipped whole.
    emitted.length = 0;
    empty.clear();
    await publishRaw();
    expect(emitted).toEqual([]);
  });

  it("drops what is stale (an outage's backlog) and what does not decode, without retrying it", async () => {
    await publish(ChatMessagesCreated, created, new Date(Date.now() - 10 * 60_000));
    await publish(ChatRead, created as never, undefined, ChatMessagesCreatedSchema);
    expect(emitted).toEqual([]);
  });
});
