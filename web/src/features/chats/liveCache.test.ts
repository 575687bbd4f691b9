import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { chat, message, chatPage as page, sentAt } from "./fixtures.ts";
import { noteChanged, noteInList, noteMessage, noteUnread } from "./liveCache.ts";
import { type ChatPages, shownMessages } from "./pages.ts";
import { chatListKey, messagesKey, starredKey } from "./queries.ts";
import type { Chat, ChatPage, Message } from "./types.ts";

// The socket's events applied to a real query cache (TanStack's own client, no double).

const msg = (id: string, chatId = "c1", at = "2026-01-01T10:00:00Z") => sentAt(id, chatId, at);

const list = (client: QueryClient) =>
  client.getQueryData<Chat[]>(chatListKey)?.map((c) => `${c._id}:${c.unreadCount}:${c.lastMessage?._id}`);
const shown = (client: QueryClient) =>
  shownMessages(client.getQueryData<ChatPages>(messagesKey("c1"))).map((m) => m._id);

/** A page fetch the test answers when it chooses. */
function pending<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("the socket's events in the query cache", () => {
  it("a message moves its chat up with its preview and counts unread, except in the open chat", () => {
    const client = new QueryClient();
    client.setQueryData(chatListKey, [
      chat("c1", "2026-01-02T00:00:00Z"),
      chat("c2", "2026-01-01T00:00:00Z"),
    ]);
    expect(noteMessage(client, msg("n1", "c2", "2026-01-03T00:00:00Z"), "c1", true)).toBe(true);
    expect(list(client)).toEqual(["c2:1:n1", "c1:0:m-c1"]);
    // The same message again (socket and reply) is not counted twice.
    noteMessage(client, msg("n1", "c2", "2026-01-03T00:00:00Z"), "c1", true);
    expect(list(client)).toEqual(["c2:1:n1", "c1:0:m-c1"]);
    noteMessage(client, msg("n2", "c1", "2026-01-04T00:00:00Z"), "c1", true);
    expect(list(client)).toEqual(["c1:0:n2", "c2:1:n1"]);
    // The reader's own message is no news to them.
    noteInList(client, msg("n3", "c2", "2026-01-05T00:00:00Z"), null, false);
    expect(list(client)).toEqual(["c2:1:n3", "c1:0:n2"]);
  });

  it("says when the loaded list lacks the message's chat, and writes no list that was not loaded", () => {
    const client = new QueryClient();
    expect(noteMessage(client, msg("n1", "c9"), null, true)).toBe(true);
    expect(client.getQueryData(chatListKey)).toBeUndefined();
    client.setQueryData(chatListKey, [chat("c1", "2026-01-02T00:00:00Z")]);
    expect(noteMessage(client, msg("n1", "c9"), null, true)).toBe(false);
    expect(list(client)).toEqual(["c1:0:m-c1"]);
  });

  it("a message that arrives while the list loads is in the list it loads, counted once", async () => {
    const client = new QueryClient();
    // The server read the list before the message was written; the socket brings the message.
    const answer = pending<Chat[]>();
    const loading = client.fetchQuery({ queryKey: chatListKey, queryFn: () => answer.promise });
    noteMessage(client, msg("n1", "c1", "2026-01-03T00:00:00Z"), null, true);
    noteUnread(client, "c1", 1, null);
    answer.resolve([chat("c1", "2026-01-02T00:00:00Z")]);
    await loading;
    expect(list(client)).toEqual(["c1:1:n1"]);
    // A refetch that has it already changes nothing.
    const again = pending<Chat[]>();
    const reload = client.fetchQuery({ queryKey: chatListKey, queryFn: () => again.promise, staleTime: 0 });
    noteMessage(client, msg("n1", "c1", "2026-01-03T00:00:00Z"), null, true);
    again.resolve([
      { ...chat("c1", "2026-01-02T00:00:00Z", 1), lastMessage: msg("n1", "c1", "2026-01-03T00:00:00Z") },
    ]);
    await reload;
    expect(list(client)).toEqual(["c1:1:n1"]);
  });

  it("takes the server's unread count, but the open chat stays read", () => {
    const client = new QueryClient();
    client.setQueryData(chatListKey, [
      chat("c1", "2026-01-02T00:00:00Z"),
      chat("c2", "2026-01-01T00:00:00Z", 1),
    ]);
    noteUnread(client, "c2", 4, "c1");
    noteUnread(client, "c1", 2, "c1");
    expect(list(client)).toEqual(["c1:0:m-c1", "c2:4:m-c2"]);
  });

  it("adds a message to the open chat's pages, and to none of a chat that is not cached", () => {
    const client = new QueryClient();
    client.setQueryData<ChatPages>(messagesKey("c1"), { pages: [page(["m1", "m2"])], pageParams: [1] });
    noteMessage(client, msg("m3"), "c1", true);
    noteMessage(client, msg("x1", "c2"), "c1", true);
    expect(shown(client)).toEqual(["m1", "m2", "m3"]);
    expect(client.getQueryData(messagesKey("c2"))).toBeUndefined();
  });

  it("shows a star in the pages, and an unstarred message leaves the starred view", () => {
    const client = new QueryClient();
    client.setQueryData<ChatPages>(messagesKey("c1"), { pages: [page(["m1", "m2"])], pageParams: [1] });
    client.setQueryData(starredKey("c1"), [
      message("m1", { starred: true }),
      message("m3", { starred: true }),
    ]);
    noteChanged(client, message("m2", { starred: true }));
    expect(shownMessages(client.getQueryData(messagesKey("c1"))).map((m) => m.starred)).toEqual([
      false,
      true,
    ]);
    noteChanged(client, message("m3", { starred: false }));
    expect(client.getQueryData<Message[]>(starredKey("c1"))?.map((m) => m._id)).toEqual(["m1"]);
  });

  it("keeps a message that arrives while a page is being fetched", async () => {
    const client = new QueryClient();
    const answers = new Map([1, 2].map((n) => [n, pending<ChatPage>()]));
    const observer = new InfiniteQueryObserver(client, {
      queryKey: messagesKey("c1"),
      queryFn: ({ pageParam }) => answers.get(pageParam)?.promise ?? Promise.reject(new Error("no page")),
      initialPageParam: 1,
      // Two pages in all (the test's pages are short, the pane's 20).
      getNextPageParam: (_last: ChatPage, _all: ChatPage[], param: number) =>
        param < 2 ? param + 1 : undefined,
    });
    const stop = observer.subscribe(() => undefined);

    // Before the newest page is there: it joins that page once it lands.
    noteMessage(client, msg("m5"), "c1", true);
    answers.get(1)?.resolve(page(["m3", "m4"]));
    await expect.poll(() => shown(client)).toEqual(["m3", "m4", "m5"]);

    // While an older page loads: the page goes above, the message stays below.
    const older = observer.fetchNextPage();
    noteMessage(client, msg("m6"), "c1", true);
    expect(shown(client)).toEqual(["m3", "m4", "m5", "m6"]);
    answers.get(2)?.resolve(page(["m1", "m2"]));
    await older;
    expect(shown(client)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6"]);
    stop();
  });
});
