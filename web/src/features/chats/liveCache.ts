import type { QueryClient } from "@tanstack/react-query";
import { applyIncoming, setUnread } from "./chatList.ts";
import { type ChatPages, withChanged, withMarks, withMessage, withSeen } from "./pages.ts";
import { chatListKey, messagesKey, shortlistKey, starredKey } from "./queries.ts";
import type { Chat, ChatSeen, Message, MessageMarks } from "./types.ts";

// What the socket hears (and what a send's reply says), written into the query cache.

/**
 * Applies an update to a cached query, now and once more when a fetch of it in flight lands: a
 * fetch builds the new data from what the server had when it began, so an event that arrived
 * meanwhile would be lost without the second pass (on a first load there is nothing to update
 * yet, so the second pass is the one that counts). The updaters are idempotent.
 */
function updateQuery<T>(client: QueryClient, key: readonly unknown[], update: (data: T) => T): void {
  const apply = () => client.setQueryData<T>(key, (data) => (data ? update(data) : data));
  apply();
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey: key, exact: true });
  if (query?.state.fetchStatus !== "fetching") return;
  const stop = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === "removed") return stop();
    if (query.state.fetchStatus === "fetching") return;
    stop();
    apply();
  });
}

/** A chat's cached pages, updated as `updateQuery` does. */
export function updatePages(
  client: QueryClient,
  chatId: string,
  update: (data: ChatPages) => ChatPages,
): void {
  updateQuery(client, messagesKey(chatId), update);
}

/**
 * A message in the list: its chat's last message, unread unless that chat is open or `countUnread`
 * is false (the reader's own). False when the list is loaded and does not hold its chat.
 */
export function noteInList(
  client: QueryClient,
  message: Message,
  openId: string | null,
  countUnread: boolean,
) {
  let known = true;
  updateQuery<Chat[]>(client, chatListKey, (chats) => {
    const next = applyIncoming(chats, message, openId, countUnread);
    known = next.known;
    return next.chats;
  });
  return known;
}

/** A message from the socket: the list and, when its chat's pages are cached, the pages. */
export function noteMessage(
  client: QueryClient,
  message: Message,
  openId: string | null,
  countUnread: boolean,
) {
  updatePages(client, message.chatId, (data) => withMessage(data, message));
  return noteInList(client, message, openId, countUnread);
}

/** The server's unread count for a chat (the open one stays at 0). */
export function noteUnread(client: QueryClient, chatId: string, count: number, openId: string | null): void {
  updateQuery<Chat[]>(client, chatListKey, (chats) => setUnread(chats, chatId, count, openId));
}

/** A message changed on the server (a star): in its chat's pages, and an unstarred one leaves the starred view. */
export function noteChanged(client: QueryClient, message: Message): void {
  updatePages(client, message.chatId, (data) => withChanged(data, message));
  client.setQueryData<Message[]>(starredKey(message.chatId), (list) =>
    list?.filter((m) => m._id !== message._id || message.starred),
  );
}

/**
 * A match's votes or quick replies changed (anyone's, over the socket): the pages show the new
 * set, and an open shortlist is asked again (its order follows the votes).
 */
export function noteMarks(client: QueryClient, marks: MessageMarks): void {
  updatePages(client, marks.chatId, (data) => withMarks(data, marks));
  void client.invalidateQueries({ queryKey: shortlistKey(marks.chatId), exact: true });
}

/** A member read the chat further: the messages up to their mark are seen by them. */
export function noteSeen(client: QueryClient, { chatId, mark }: ChatSeen): void {
  updatePages(client, chatId, (data) => withSeen(data, mark));
}
