import { randomUUID } from "node:crypto";
import { createClient } from "@connectrpc/connect";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
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

describe("the chat service under Deno", () => {
  let proc: Proc | undefined;
  afterAll(async () => {
    if (proc && proc.child.exitCode === null) proc.child.kill("SIGTERM");
    await proc?.exited;
  });

  it("migrates its schema, opens a bot's chat and keeps a message", async () => {
    const [userId, botId, chatId] = [uniqueId(), randomUUID(), randomUUID()];
    proc = startProcess(DENO, ["run", "-A", "--node-modules-dir=manual", "services/chat/test/instance.ts"], {
      DATA_DIR: tempDir(),
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: external.database,
      NATS_URL: external.nats,
      TEST_USER_ID: userId,
      TEST_BOT_ID: botId,
      TEST_CHAT_ID: chatId,
    });
    // The process inherits this run's SERVICE_SECRET: calls are signed as another service's.
    const client = createClient(ChatService, trustedTransport(`http://127.0.0.1:${await proc.port}`));
    const as = asUser(userId);
    const { chat } = await client.createChat({ botId }, as);
    expect(chat).toMatchObject({ id: chatId, botId, botName: "Deno", userId });
    await client.sendMessage({ chatId, content: "from Deno", tempId: "t1" }, as);
    const page = await client.getChat({ chatId }, as);
    expect(page.messages.map((m) => [m.content, m.tempId])).toEqual([["from Deno", "t1"]]);
  }, 90_000);
});
