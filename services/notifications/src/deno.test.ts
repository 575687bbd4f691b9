import { createClient } from "@connectrpc/connect";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { afterAll, describe, expect, it } from "vitest";
import {
  asUser,
  DENO,
  external,
  type Proc,
  startProcess,
  tempDir,
  trustedTransport,
  uniqueId,
} from "../../platform/test/helpers.ts";

describe("the notifications service under Deno", () => {
  let proc: Proc | undefined;
  afterAll(async () => {
    if (proc && proc.child.exitCode === null) proc.child.kill("SIGTERM");
    await proc?.exited;
  });

  it("migrates its schema and answers Connect calls", async () => {
    proc = startProcess(
      DENO,
      ["run", "-A", "--node-modules-dir=manual", "services/notifications/test/instance.ts"],
      {
        DATA_DIR: tempDir(),
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: external.database,
        NATS_URL: external.nats,
      },
    );
    // No gateway in that process: its one port is internal, signed with the run's SERVICE_SECRET.
    const client = createClient(
      NotificationsService,
      trustedTransport(`http://127.0.0.1:${await proc.port}`),
    );
    const userId = uniqueId();
    await client.createNotification({ userId, type: "system", title: "From Deno", body: "hello" });
    const list = await client.listNotifications({}, asUser(userId));
    expect(list).toMatchObject({ total: 1, unread: 1 });
    expect(list.notifications[0]).toMatchObject({ title: "From Deno", body: "hello", isRead: false });
  }, 90_000);
});
