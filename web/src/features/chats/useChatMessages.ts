import { useCallback, useEffect, useRef, useState } from "react";
import type { User } from "../auth/index.ts";
import { getChat, listStarred, sendMessage, toggleStar } from "./api.ts";
import { useChats } from "./chatsContext.ts";
import { mergeMessage, optimisticMessage, prependOlder, removeTemp, replaceMessage } from "./messages.ts";
import { hasMoreAfter, PAGE_SIZE } from "./paging.ts";
import { sanitizeContent } from "./sanitize.ts";
import type { Chat, Message } from "./types.ts";

// The open chat: its newest page, older pages on demand, optimistic sends, socket messages and stars.

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

export function useChatMessages(chatId: string | undefined, user: User) {
  const store = useChats();
  const [chat, setChat] = useState<Chat | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [starred, setStarred] = useState<Message[] | null>(null);
  const page = useRef(1);
  const current = useRef(chatId);
  current.current = chatId;
  const { open, onMessage, noteMessage } = store;

  useEffect(() => {
    setChat(null);
    setMessages([]);
    setHasMore(false);
    setError(null);
    setStarred(null);
    page.current = 1;
    if (!chatId) return;
    const abort = new AbortController();
    setLoading(true);
    getChat(chatId, 1, PAGE_SIZE, abort.signal)
      .then(({ messages: first, pagination, ...rest }) => {
        setChat(rest);
        setMessages(first);
        setHasMore(hasMoreAfter(first.length, pagination.hasMore));
        open(chatId, rest.userId._id);
      })
      .catch(() => {
        if (!abort.signal.aborted) setError(LOAD_FAILED);
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    const stop = onMessage((message) => {
      if (message.chatId !== chatId) return;
      setMessages((list) => mergeMessage(list, message));
    });
    return () => {
      abort.abort();
      stop();
      open(null);
    };
  }, [chatId, open, onMessage]);

  // Back from a disconnect: what was posted meanwhile came over no socket; the newest page has it.
  const { connected } = store;
  const wasConnected = useRef(connected);
  useEffect(() => {
    const back = connected && !wasConnected.current;
    wasConnected.current = connected;
    if (!back || !chatId) return;
    getChat(chatId, 1, PAGE_SIZE)
      .then(({ messages: newest }) => {
        if (current.current === chatId) setMessages((list) => newest.reduce(mergeMessage, list));
      })
      .catch(() => undefined);
  }, [connected, chatId]);

  const loadOlder = useCallback(async () => {
    if (!chatId || loadingOlder || !hasMore) return;
    setLoadingOlder(true);
    try {
      const next = page.current + 1;
      const answer = await getChat(chatId, next, PAGE_SIZE);
      if (current.current !== chatId) return;
      page.current = next;
      setMessages((list) => prependOlder(list, answer.messages));
      setHasMore(hasMoreAfter(answer.messages.length, answer.pagination.hasMore));
    } catch {
      if (current.current === chatId) setError(MORE_FAILED);
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, loadingOlder, hasMore]);

  /** Sends what was typed; false when there was nothing to send or a send is running. */
  const send = useCallback(
    async (typed: string): Promise<boolean> => {
      const content = sanitizeContent(typed);
      if (!chatId || !content || sending) return false;
      const tempId = `temp-${crypto.randomUUID()}`;
      setError(null);
      setSending(true);
      setMessages((list) => [...list, optimisticMessage(chatId, content, tempId, senderOf(user))]);
      try {
        const message = await sendMessage(chatId, content, tempId);
        setMessages((list) => mergeMessage(list, { ...message, tempId }));
        noteMessage(message);
      } catch {
        setMessages((list) => removeTemp(list, tempId));
        setError(SEND_FAILED);
      } finally {
        setSending(false);
      }
      return true;
    },
    [chatId, sending, user, noteMessage],
  );

  const star = useCallback(
    async (message: Message) => {
      if (!chatId || message.pending) return;
      try {
        const changed = await toggleStar(chatId, message._id);
        setMessages((list) => replaceMessage(list, changed));
        setStarred((list) => (list ? list.filter((m) => m._id !== changed._id || changed.starred) : list));
      } catch {
        // Silent: the star stays as it was.
      }
    },
    [chatId],
  );

  /** Starred-only view: the chat's starred messages from the server, not only the loaded pages. */
  const showStarred = useCallback(
    async (on: boolean) => {
      if (!on || !chatId) return setStarred(null);
      setStarred([]);
      try {
        setStarred(await listStarred(chatId));
      } catch {
        setStarred(messages.filter((m) => m.starred));
      }
    },
    [chatId, messages],
  );

  return {
    chat,
    messages,
    loading,
    loadingOlder,
    hasMore,
    error,
    sending,
    starred,
    loadOlder,
    send,
    star,
    showStarred,
    dismissError: () => setError(null),
  };
}

export type ChatMessages = ReturnType<typeof useChatMessages>;
