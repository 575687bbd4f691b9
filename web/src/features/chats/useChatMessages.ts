import { skipToken, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { User } from "../auth/index.ts";
import { getChat, sendMessage, setQuickReply, toggleStar, voteOn } from "./api.ts";
import { noteChanged, noteInList, updatePages } from "./liveCache.ts";
import { useChatLive } from "./liveContext.ts";
import { optimisticMessage } from "./messages.ts";
import { type ChatPages, olderPageParam, shownMessages, withMessage, withoutTemp } from "./pages.ts";
import { PAGE_SIZE } from "./paging.ts";
import { messagesKey, shortlistKey } from "./queries.ts";
import { sanitizeContent } from "./sanitize.ts";
import type { ChatPage, Message } from "./types.ts";
import { useStarredView } from "./useStarredView.ts";

// The open chat: its pages in the query cache (the newest first, older ones on demand),
// optimistic sends, stars and the starred-only view (useStarredView). The socket's messages reach
// the pages through ChatsLive.

// The pane's failures, as keys of the chats catalogue.
const LOAD_FAILED = "pane.loadFailed";
const MORE_FAILED = "pane.moreFailed";
const SEND_FAILED = "pane.sendFailed";

const senderOf = (user: User): Message["sender"] => ({
  _id: user._id,
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  avatar: user.avatar,
  roles: user.roles,
});

interface Send {
  chatId: string;
  content: string;
  tempId: string;
}

export function useChatMessages(chatId: string | undefined, user: User) {
  const client = useQueryClient();
  const { open } = useChatLive();
  const key = messagesKey(chatId ?? "");
  const pages = useInfiniteQuery<ChatPage, Error, ChatPages, typeof key, number>({
    queryKey: key,
    queryFn: chatId ? ({ pageParam, signal }) => getChat(chatId, pageParam, PAGE_SIZE, signal) : skipToken,
    initialPageParam: 1,
    getNextPageParam: olderPageParam,
    // Opening a chat shows its newest page, fetched then, as it always did; no earlier visit's
    // pages are kept. While it is open the socket keeps the pages current, so they are never stale.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const newest = pages.data?.pages[0];
  const ownerId = newest?.userId._id;
  const loaded = Boolean(newest);

  // Loaded: the chat is open (read, its room joined) until the pane shows another or none.
  useEffect(() => {
    if (!chatId || !loaded) return;
    open(chatId, ownerId);
    return () => open(null);
  }, [chatId, loaded, ownerId, open]);

  // A send's failure belongs to the chat it happened in.
  const [failedIn, setFailedIn] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(chatId);
  if (shownFor !== chatId) {
    setShownFor(chatId);
    setFailedIn(null);
  }
  const sending = useMutation({
    mutationFn: ({ chatId: id, content, tempId }: Send) => sendMessage(id, content, tempId),
    onMutate({ chatId: id, content, tempId }) {
      setFailedIn(null);
      updatePages(client, id, (data) =>
        withMessage(data, optimisticMessage(id, content, tempId, senderOf(user))),
      );
    },
    onSuccess(message, { chatId: id, tempId }) {
      // The reply keeps the optimistic copy's tempId, so the message stays the same element.
      updatePages(client, id, (data) => withMessage(data, { ...message, tempId }));
      noteInList(client, message, id, false);
    },
    onError(_error, { chatId: id, tempId }) {
      updatePages(client, id, (data) => withoutTemp(data, tempId));
      setFailedIn(id);
    },
  });

  /** Sends what was typed; false when there was nothing to send or a send is running. */
  const { mutateAsync, isPending } = sending;
  const send = useCallback(
    async (typed: string): Promise<boolean> => {
      const content = sanitizeContent(typed);
      if (!chatId || !content || isPending) return false;
      await mutateAsync({ chatId, content, tempId: `temp-${crypto.randomUUID()}` }).catch(() => undefined);
      return true;
    },
    [chatId, isPending, mutateAsync],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadOlder = useCallback(async () => {
    if (hasNextPage && !isFetchingNextPage) await fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const star = useCallback(
    async (message: Message) => {
      if (!chatId || message.pending) return;
      try {
        noteChanged(client, await toggleStar(chatId, message._id));
      } catch {
        // Silent: the star stays as it was.
      }
    },
    [chatId, client],
  );

  // A vote or a quick reply: the server's answer is the match with everyone's; false on failure.
  const vote = useCallback(
    async (message: Message, v: "up" | "down" | null, note: string) => {
      if (!chatId) return false;
      try {
        noteChanged(client, await voteOn(chatId, message._id, v, note));
        void client.invalidateQueries({ queryKey: shortlistKey(chatId), exact: true });
        return true;
      } catch {
        return false;
      }
    },
    [chatId, client],
  );
  const reply = useCallback(
    async (message: Message, called: boolean, viewingOn: string | null) => {
      if (!chatId) return false;
      try {
        noteChanged(client, await setQuickReply(chatId, message._id, called, viewingOn));
        return true;
      } catch {
        return false;
      }
    },
    [chatId, client],
  );

  const messages = useMemo(() => shownMessages(pages.data), [pages.data]);
  const { starred, showStarred } = useStarredView(chatId, messages);
  const error =
    failedIn === chatId
      ? SEND_FAILED
      : pages.isFetchNextPageError
        ? MORE_FAILED
        : pages.isLoadingError
          ? LOAD_FAILED
          : null;
  return {
    chat: newest ?? null,
    messages,
    loading: pages.isLoading,
    loadingOlder: isFetchingNextPage,
    hasMore: Boolean(hasNextPage),
    error,
    sending: isPending,
    starred,
    loadOlder,
    send,
    star,
    vote,
    reply,
    showStarred,
  };
}
