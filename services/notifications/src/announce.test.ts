import { create, toBinary } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { NotificationsCreatedSchema } from "@dirabot/proto/events/v1/notifications_pb.js";
import { type Notification, NotificationSchema } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { describe, expect, it } from "vitest";
import { chunks, weight } from "./announce.ts";

const uuid = () => crypto.randomUUID();
/** A match with every field set, its numbers at their widest, its text in Hebrew (two bytes a letter). */
const match = (body = "ויטל 4, פלורנטין, תל אביב יפו · 3.5 rooms · ₪6,500"): Notification =>
  create(NotificationSchema, {
    id: uuid(),
    userId: uuid(),
    title: "New match: פלורנטין 3 חדרים",
    body,
    type: "property_match",
    isRead: true,
    url: `/chats/${uuid()}?message=${uuid()}`,
    createdAt: timestampNow(),
    match: {
      listingId: uuid(),
      chatId: uuid(),
      messageId: uuid(),
      price: -2_147_483_648,
      rooms: 3.5,
      area: "פלורנטין",
      location: "ויטל 4, פלורנטין, תל אביב יפו",
      size: -2_147_483_648,
      image: "https://img.yad2.co.il/Pic/202411/26/2_2/o/y2_1pa_010393_20241126104214.jpeg",
      link: "https://www.yad2.co.il/realestate/item/abcdef",
    },
  });
const bytes = (list: Notification[]) =>
  toBinary(NotificationsCreatedSchema, create(NotificationsCreatedSchema, { notifications: list })).length;

describe("a transaction's notifications in events", () => {
  it("weighs a notification at no less than it takes in an event", () => {
    for (const n of [match(), match("x".repeat(2000)), create(NotificationSchema, { id: uuid() })])
      expect(weight(n)).toBeGreaterThanOrEqual(bytes([n]));
  });

  it("puts up to 500 in an event, in their order", () => {
    const all = Array.from({ length: 1100 }, () => match());
    const events = chunks(all);
    expect(events.map((e) => e.length)).toEqual([500, 500, 100]);
    expect(events.flat()).toEqual(all);
    expect(chunks([])).toEqual([]);
  });

  it("splits long ones so that no event carries more than 512 KB", () => {
    // A listing with a long description: 2,000 characters of Hebrew a notification.
    const all = Array.from({ length: 400 }, () => match("א".repeat(2000)));
    const events = chunks(all);
    expect(events.length).toBeGreaterThan(1);
    expect(events.flat()).toEqual(all);
    for (const e of events) expect(bytes(e)).toBeLessThanOrEqual(512 * 1024);
    // Each but the last is filled close to the limit (the weight overestimates a few dozen bytes each).
    for (const e of events.slice(0, -1)) expect(bytes(e)).toBeGreaterThan(500_000);
  });
});
