import { skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { User } from "../auth/index.ts";
import { getChat, listStarred, sendMessage, toggleStar } from "./api.ts";
import { noteInList, updatePages } from "./liveCache.ts";
import { useChatLive } from "./liveContext.ts";
import { optimisticMessage } from "./messages.ts";
import {
  type ChatPages,
  olderPageParam,
  shownMessages,
  withChanged,
  withMessage,
  withoutTemp,
} from "./pages.ts";
import { PAGE_SIZE } from "./paging.ts";
import { messagesKey, starredKey } from "./queries.ts";
import { sanitizeContent } from "./sanitize.ts";
import type { ChatPage, Message } from "./types.ts";

// The open chat: its pages in the query cache (the newest first, older ones on demand),
// optimistic sends, stars and the starred-only view. The socket's messages reach the pages
// through ChatsLive.

const LOAD_FAILED = "Failed to load chat messages.";
const MORE_FAILED = "Failed to load more chat messages.";
const SEND_FAILED = "Failed to send message.";

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

  // A send's failure and the starred-only view belong to the chat they happened in.
  const [failedIn, setFailedIn] = useState<string | null>(null);
  const [starredOn, setStarredOn] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(chatId);
  if (shownFor !== chatId) {
    setShownFor(chatId);
    setFailedIn(null);
    setStarredOn(null);
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

  // The starred-only view asks the server each time it is turned on (every starred message, not
  // only the loaded pages); if that fails, the loaded pages' starred ones.
  const starredShown = Boolean(chatId) && starredOn === chatId;
  const starredList = useQuery({
    queryKey: starredKey(chatId ?? ""),
    queryFn: chatId && starredShown ? () => listStarred(chatId) : skipToken,
    gcTime: 0,
  });
  const showStarred = useCallback(
    (on: boolean) => {
      if (chatId) void client.resetQueries({ queryKey: starredKey(chatId), exact: true });
      setStarredOn(on && chatId ? chatId : null);
    },
    [chatId, client],
  );

  const star = useCallback(
    async (message: Message) => {
      if (!chatId || message.pending) return;
      try {
        const changed = await toggleStar(chatId, message._id);
        updatePages(client, chatId, (data) => withChanged(data, changed));
        client.setQueryData<Message[]>(starredKey(chatId), (list) =>
          list?.filter((m) => m._id !== changed._id || changed.starred),
        );
      } catch {
        // Silent: the star stays as it was.
      }
    },
    [chatId, client],
  );

  const messages = useMemo(() => shownMessages(pages.data), [pages.data]);
  const starred = !starredShown
    ? null
    : (starredList.data ?? (starredList.isError ? messages.filter((m) => m.starred) : []));
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
    showStarred,
  };
}
