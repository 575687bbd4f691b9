import { randomUUID } from "node:crypto";
import { createClient } from "@connectrpc/connect";
import { asUser, uniqueId } from "@dirabot/platform/testing";
import { denoInstance } from "@dirabot/platform/testing/vitest";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import { describe, expect, it } from "vitest";

describe("the chat service under Deno", () => {
  const start = denoInstance("services/chat/test/instance.ts", ["chat", "bots"]);

  it("migrates its schema, opens a bot's chat and keeps a message", async () => {
    const [userId, botId, chatId] = [uniqueId(), randomUUID(), randomUUID()];
    const { transport } = await start({ TEST_USER_ID: userId, TEST_BOT_ID: botId, TEST_CHAT_ID: chatId });
    const client = createClient(ChatService, transport);
    const as = asUser(userId);
    const { chat } = await client.createChat({ botId }, as);
    expect(chat).toMatchObject({ id: chatId, botId, botName: "Deno", userId });
    await client.sendMessage({ chatId, content: "from Deno", tempId: "t1" }, as);
    const page = await client.getChat({ chatId }, as);
    expect(page.messages.map((m) => [m.content, m.tempId])).toEqual([["from Deno", "t1"]]);
  }, 90_000);
});
