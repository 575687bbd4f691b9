import type { InfiniteData } from "@tanstack/react-query";
import { mergeMessage, prependOlder, removeTemp, replaceMessage } from "./messages.ts";
import { hasMoreAfter } from "./paging.ts";
import type { ChatPage, Message, MessageMarks, ReadMark } from "./types.ts";

// A chat's messages as the query cache holds them: an infinite query whose first page is the
// newest 20 and each next page 20 older ones. What arrives later (the socket, a send, a
// reconnect's newest page) goes into the pages through these updaters, pure so they are tested
// without a browser. Each is idempotent: applied twice, it leaves what applying once did.

export type ChatPages = InfiniteData<ChatPage, number>;

/** The next (older) page's number, while the server has older messages. */
export const olderPageParam = (last: ChatPage, _all: unknown, lastParam: number): number | undefined =>
  hasMoreAfter(last.messages.length, last.pagination.hasMore) ? lastParam + 1 : undefined;

/**
 * What the pane shows, oldest first. Pages count from the newest, so a page fetched after new
 * messages arrived overlaps the one before it: a message is shown once.
 */
export function shownMessages(data: ChatPages | undefined): Message[] {
  const [newest, ...older] = data?.pages ?? [];
  return older.reduce((list, page) => prependOlder(list, page.messages), newest?.messages ?? []);
}

const mapPages = (data: ChatPages, change: (messages: Message[], index: number) => Message[]): ChatPages => ({
  ...data,
  pages: data.pages.map((page, i) => {
    const messages = change(page.messages, i);
    return messages === page.messages ? page : { ...page, messages };
  }),
});

/**
 * A message arrived (socket, a send's reply, an optimistic copy): it replaces its copy on every
 * page that holds it; one no older page holds joins the newest page, replacing the optimistic
 * copy with its tempId there.
 */
export function withMessage(data: ChatPages, message: Message): ChatPages {
  const holds = (messages: Message[]) => messages.some((m) => m._id === message._id);
  const older = data.pages.some((page, i) => i > 0 && holds(page.messages));
  return mapPages(data, (messages, i) => {
    if (i === 0 && !(older && !holds(messages))) return mergeMessage(messages, message);
    return holds(messages) ? messages.map((m) => (m._id === message._id ? message : m)) : messages;
  });
}

/** A failed send: its optimistic copy goes. */
export const withoutTemp = (data: ChatPages, tempId: string): ChatPages =>
  mapPages(data, (messages) =>
    messages.some((m) => m.tempId === tempId) ? removeTemp(messages, tempId) : messages,
  );

/** A message changed on the server (a star): replaced wherever it is. */
export const withChanged = (data: ChatPages, message: Message): ChatPages =>
  mapPages(data, (messages) =>
    messages.some((m) => m._id === message._id) ? replaceMessage(messages, message) : messages,
  );

/** The newest page fetched again (back from a disconnect): what was posted meanwhile joins. */
export const withNewest = (data: ChatPages, newest: ChatPage): ChatPages =>
  newest.messages.reduce(withMessage, data);

/** A match's votes and quick replies changed (the socket's `chat:marks`): the new set, wherever it is. */
export const withMarks = (data: ChatPages, marks: MessageMarks): ChatPages =>
  mapPages(data, (messages) =>
    messages.some((m) => m._id === marks.messageId)
      ? messages.map((m) =>
          m._id === marks.messageId
            ? { ...m, votes: marks.votes, replies: marks.replies, folded: marks.folded }
            : m,
        )
      : messages,
  );

/**
 * A member read further (the socket's `chat:seen`): every message written up to the mark is seen
 * by them, and the newest page's read marks hold it for their name.
 */
export function withSeen(data: ChatPages, mark: ReadMark): ChatPages {
  const upTo = Date.parse(mark.upTo);
  const seen = (m: Message) => {
    const at = Date.parse(m.createdAt ?? "");
    return !m.pending && !Number.isNaN(at) && at <= upTo && !m.seenBy.includes(mark.userId)
      ? { ...m, seenBy: [...m.seenBy, mark.userId] }
      : m;
  };
  const next = mapPages(data, (messages) =>
    messages.some((m) => seen(m) !== m) ? messages.map(seen) : messages,
  );
  const [first, ...rest] = next.pages;
  if (!first) return next;
  const had = first.readMarks.find((r) => r.userId === mark.userId);
  if (had && Date.parse(had.upTo) >= upTo && had.fullname === mark.fullname) return next;
  const readMarks = [...first.readMarks.filter((r) => r.userId !== mark.userId), mark];
  return { ...next, pages: [{ ...first, readMarks }, ...rest] };
}
