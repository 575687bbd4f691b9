import { createClient } from "@connectrpc/connect";
import { asUser, uniqueId } from "@dirabot/platform/testing";
import { denoInstance } from "@dirabot/platform/testing/vitest";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { describe, expect, it } from "vitest";

describe("the notifications service under Deno", () => {
  const start = denoInstance("services/notifications/test/instance.ts", ["notifications"]);

  it("migrates its schema and answers Connect calls", async () => {
    const client = createClient(NotificationsService, (await start()).transport);
    const userId = uniqueId();
    await client.createNotification({ userId, type: "system", title: "From Deno", body: "hello" });
    const list = await client.listNotifications({}, asUser(userId));
    expect(list).toMatchObject({ total: 1, unread: 1 });
    expect(list.notifications[0]).toMatchObject({ title: "From Deno", body: "hello", isRead: false });
  }, 90_000);
});
