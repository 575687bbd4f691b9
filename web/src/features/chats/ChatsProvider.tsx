import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isAdmin, type User } from "../auth/index.ts";
import { createChat, listChats, markChatRead } from "./api.ts";
import {
  applyIncoming,
  mergeFetched,
  navBadgeCount,
  putCreated,
  setUnread,
  totalUnread,
} from "./chatList.ts";
import { ChatsContext, type ChatsValue } from "./chatsContext.ts";
import type { Chat, Message } from "./types.ts";
import { type SocketHandlers, useChatSocket } from "./useChatSocket.ts";

// The chat store: the chat list, opening a chat, incoming socket messages, the socket, and the
// store's error texts. It lives with the signed-in layout, not the chats screen, because the Chats nav
// badge and the unread-messages icon count on every screen. One socket per signed-in tab.

/** Marking read: the chat's owner, or any non-admin; an admin only for their own chats. */
const mayMarkRead = (user: User, ownerId: string | undefined) => !isAdmin(user) || ownerId === user._id;

export function ChatsProvider({ user, children }: { user: User; children: ReactNode }) {
  const [chats, setChats] = useState<Chat[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [clearedAt, setClearedAt] = useState(0);
  const busy = useRef(false);
  const openRef = useRef<{ id: string | null; owner?: string }>({ id: null });
  const listeners = useRef(new Set<(m: Message) => void>());
  const joinRef = useRef<(chatId: string) => void>(() => undefined);
  const chatsRef = useRef(chats);
  chatsRef.current = chats;

  // A load or create is ignored while another is running.
  const reload = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const fetched = await listChats();
      setChats((current) => {
        const merged = mergeFetched(current, fetched);
        const open = openRef.current.id;
        return open ? setUnread(merged, open, 0, open) : merged;
      });
      setError(null);
    } catch {
      setError("Failed to fetch chats");
    } finally {
      busy.current = false;
      setLoaded(true);
    }
  }, []);

  const create = useCallback(async (botId: string) => {
    if (busy.current) return null;
    busy.current = true;
    try {
      const chat = await createChat(botId);
      setChats((current) => putCreated(current, chat));
      return chat;
    } catch {
      setError("Failed to create chat");
      return null;
    } finally {
      busy.current = false;
    }
  }, []);

  const readOnServer = useCallback(
    (chatId: string, ownerId: string | undefined) => {
      if (mayMarkRead(user, ownerId)) void markChatRead(chatId).catch(() => undefined);
    },
    [user],
  );

  const open = useCallback(
    (chatId: string | null, ownerId?: string) => {
      const owner = ownerId ?? chatsRef.current.find((c) => c._id === chatId)?.userId._id;
      openRef.current = { id: chatId, owner };
      if (!chatId) return;
      joinRef.current(chatId);
      setChats((current) => setUnread(current, chatId, 0, chatId));
      readOnServer(chatId, owner);
    },
    [readOnServer],
  );

  const unknownReload = useRef(0);
  const noteMessage = useCallback(
    (message: Message) => {
      const openId = openRef.current.id;
      const own = message.sender !== "bot" && message.sender._id === user._id;
      const known = chatsRef.current.some((c) => c._id === message.chatId);
      setChats((current) => applyIncoming(current, message, openId, !own).chats);
      // A chat this tab has not listed yet (a new bot's): fetch the list, at most every 2 s.
      if (!known && message.chatId !== openId && Date.now() - unknownReload.current > 2000) {
        unknownReload.current = Date.now();
        void reload();
      }
      if (message.chatId === openId && !own) readOnServer(message.chatId, openRef.current.owner);
    },
    [user._id, reload, readOnServer],
  );

  const markAllRead = useCallback(async () => {
    // One by one, then a fresh list.
    for (const chat of chatsRef.current.filter((c) => c.unreadCount > 0)) {
      setChats((current) => setUnread(current, chat._id, 0, null));
      await markChatRead(chat._id).catch(() => undefined);
    }
    await reload();
  }, [reload]);

  // The socket calls the latest callbacks through a ref, so a profile edit (a new user object)
  // does not reconnect it.
  const handlers = useRef<SocketHandlers>({
    message: () => undefined,
    unread: () => undefined,
    reconnected: () => undefined,
  });
  handlers.current = {
    message(message) {
      noteMessage(message);
      for (const listener of listeners.current) listener(message);
    },
    unread: (chatId, count) => setChats((current) => setUnread(current, chatId, count, openRef.current.id)),
    reconnected: () => void reload(),
  };
  const socket = useChatSocket(handlers);
  const { connected } = socket;
  joinRef.current = socket.join;

  useEffect(() => {
    void reload();
  }, [reload]);

  // Stable, so the pane's effects that subscribe do not re-run on every list change.
  const onMessage = useCallback((listener: (message: Message) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const total = totalUnread(chats);
  // Reading chats lowers the total below the cleared mark: count again from the lower number.
  useEffect(() => {
    if (total < clearedAt) setClearedAt(total);
  }, [total, clearedAt]);
  const value = useMemo<ChatsValue>(
    () => ({
      chats,
      loaded,
      error,
      connected,
      totalUnread: total,
      navBadge: navBadgeCount(total, clearedAt),
      clearNavBadge: () => setClearedAt(total),
      reload,
      create,
      open,
      markAllRead,
      noteMessage,
      onMessage,
    }),
    [
      chats,
      loaded,
      error,
      connected,
      total,
      clearedAt,
      reload,
      create,
      open,
      markAllRead,
      noteMessage,
      onMessage,
    ],
  );
  return <ChatsContext.Provider value={value}>{children}</ChatsContext.Provider>;
}
