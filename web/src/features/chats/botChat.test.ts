import { describe, expect, it } from "vitest";
import { botChatPath } from "./botChat.ts";
import type { Chat } from "./types.ts";

// A bot card's way to its chat: found by bot in the chat list, never from the bot's chatId (a
// Telegram group bot's names the group).

const chat = (id: string, botId: string) => ({ _id: id, botId }) as Chat;

describe("botChatPath", () => {
  it("opens the chat whose bot it is", () => {
    const chats = [chat("c-1", "b-1"), chat("c-2", "b-2")];
    expect(botChatPath(chats, "b-2")).toBe("/chats/c-2");
  });

  it("finds a Telegram group bot's web chat by the bot, not by the group's id", () => {
    expect(botChatPath([chat("3f1c-web", "group-bot")], "group-bot")).toBe("/chats/3f1c-web");
  });

  it("leads to the chat list while the chat is not listed", () => {
    expect(botChatPath(undefined, "b-1")).toBe("/chats");
    expect(botChatPath([chat("c-1", "b-1")], "b-9")).toBe("/chats");
  });
});
