import { exampleBot } from "@dirabot/api";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Bot } from "./api.ts";
import { botListKey } from "./keys.ts";
import { dropBot, putBot } from "./useBots.ts";

const bot = (id: string, chatName = id): Bot => ({
  ...exampleBot,
  _id: id,
  chatName,
  chatId: `chat-${id}`,
  botName: chatName,
});

const names = (client: QueryClient, all: boolean) =>
  client.getQueryData<Bot[]>(botListKey(all))?.map((b) => b.chatName);

describe("the bots lists in the cache", () => {
  it("puts a created bot first, replaces an updated one in place, removes a deleted one", () => {
    const client = new QueryClient();
    client.setQueryData(botListKey(false), [bot("a"), bot("b")]);
    client.setQueryData(botListKey(true), [bot("x"), bot("a"), bot("b")]);

    putBot(client, bot("c"));
    expect(names(client, false)).toEqual(["c", "a", "b"]);
    expect(names(client, true)).toEqual(["c", "x", "a", "b"]);

    putBot(client, bot("a", "a renamed"));
    expect(names(client, false)).toEqual(["c", "a renamed", "b"]);
    expect(names(client, true)).toEqual(["c", "x", "a renamed", "b"]);

    dropBot(client, "b");
    expect(names(client, false)).toEqual(["c", "a renamed"]);
    expect(names(client, true)).toEqual(["c", "x", "a renamed"]);
  });

  it("leaves lists that were never loaded alone", () => {
    const client = new QueryClient();
    putBot(client, bot("a"));
    expect(client.getQueryData(botListKey(false))).toBeUndefined();
  });
});
