import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { isAdmin, type User } from "../auth/index.ts";
import { getChat, markChatRead } from "./api.ts";
import { navBadgeCount, totalUnread } from "./chatList.ts";
import { noteMarks, noteMessage, noteSeen, noteUnread, updatePages } from "./liveCache.ts";
import { type ChatLive, ChatLiveContext } from "./liveContext.ts";
import { withNewest } from "./pages.ts";
import { PAGE_SIZE } from "./paging.ts";
import { chatListKey, groupedKey, useChatListQuery } from "./queries.ts";
import type { Chat } from "./types.ts";
import { type SocketHandlers, useChatSocket } from "./useChatSocket.ts";

// The tab's chat socket, held by the signed-in layout because the Chats nav badge and the
// unread-messages icon count on every screen. What it hears goes into the query cache; what it
// keeps itself is only what is not the server's: the connection, the open chat, the nav badge's
// cleared mark. One socket per signed-in tab.

/** Marking read: the chat's owner, or any non-admin; an admin only for their own chats. */
const mayMarkRead = (user: User, ownerId: string | undefined) => !isAdmin(user) || ownerId === user._id;

/** A chat this tab has not listed yet (a new bot's) makes the list be fetched, at most every 2 s. */
const UNKNOWN_CHAT_GAP_MS = 2000;

export function ChatsLive({ user, children }: { user: User; children: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<string | null>(null);
  const openRef = useRef<{ id: string | null; owner?: string }>({ id: null });
  const [clearedAt, setClearedAt] = useState(0);
  const joinRef = useRef<(chatId: string) => void>(() => undefined);
  const unknownFetch = useRef(0);
  // The list is fetched as the layout mounts: the badges count on every screen.
  const list = useChatListQuery(openId);

  const readOnServer = useCallback(
    (chatId: string, ownerId: string | undefined) => {
      if (mayMarkRead(user, ownerId)) void markChatRead(chatId).catch(() => undefined);
    },
    [user],
  );

  const open = useCallback(
    (chatId: string | null, ownerId?: string) => {
      // The chat that was open was read while shown (as the rules allow); the one opening is read now.
      const was = openRef.current;
      if (!chatId && was.id && mayMarkRead(user, was.owner)) noteUnread(client, was.id, 0, null);
      if (chatId) noteUnread(client, chatId, 0, chatId);
      openRef.current = { id: chatId, owner: ownerId };
      setOpenId(chatId);
      if (!chatId) return;
      joinRef.current(chatId);
      readOnServer(chatId, ownerId);
    },
    [client, user, readOnServer],
  );

  // The socket calls the latest handlers through a ref, so a profile edit (a new user object)
  // does not reconnect it.
  const handlers = useRef<SocketHandlers>({
    message: () => undefined,
    unread: () => undefined,
    removed: () => undefined,
    marks: () => undefined,
    seen: () => undefined,
    reconnected: () => undefined,
  });
  handlers.current = {
    message(message) {
      const { id: current, owner } = openRef.current;
      const own = message.sender !== "bot" && message.sender._id === user._id;
      const known = noteMessage(client, message, current, !own);
      // An admin's grouped list shows the chat's new last message.
      void client.invalidateQueries({ queryKey: groupedKey });
      if (!known && message.chatId !== current && Date.now() - unknownFetch.current > UNKNOWN_CHAT_GAP_MS) {
        unknownFetch.current = Date.now();
        void client.invalidateQueries({ queryKey: chatListKey });
      }
      if (message.chatId === current && !own) readOnServer(message.chatId, owner);
    },
    unread: (chatId, count) => noteUnread(client, chatId, count, openRef.current.id),
    removed(chatId) {
      // Out of a shared bot's chat at once: gone from the list, its pages dropped, and an open
      // page of it leaves for the chats list.
      client.setQueryData<Chat[]>(chatListKey, (chats) => chats?.filter((c) => c._id !== chatId));
      client.removeQueries({ queryKey: ["chat", chatId] });
      void client.invalidateQueries({ queryKey: ["bots"] });
      if (openRef.current.id === chatId) {
        openRef.current = { id: null };
        setOpenId(null);
        navigate("/chats", { replace: true, state: { removedFrom: chatId } });
      }
    },
    marks: (update) => noteMarks(client, update),
    seen: (update) => noteSeen(client, update),
    reconnected() {
      // What was posted while disconnected came over no socket: the list and the open chat's
      // newest page have it.
      void client.invalidateQueries({ queryKey: chatListKey });
      const current = openRef.current.id;
      if (!current) return;
      getChat(current, 1, PAGE_SIZE)
        .then((newest) => updatePages(client, current, (data) => withNewest(data, newest)))
        .catch(() => undefined);
    },
  };
  const socket = useChatSocket(handlers);
  joinRef.current = socket.join;

  const total = totalUnread(list.data ?? []);
  // Reading chats lowers the total below the cleared mark: count again from the lower number.
  useEffect(() => {
    if (total < clearedAt) setClearedAt(total);
  }, [total, clearedAt]);
  const value = useMemo<ChatLive>(
    () => ({
      connected: socket.connected,
      openId,
      open,
      navBadge: navBadgeCount(total, clearedAt),
      clearNavBadge: () => setClearedAt(total),
    }),
    [socket.connected, openId, open, total, clearedAt],
  );
  return <ChatLiveContext.Provider value={value}>{children}</ChatLiveContext.Provider>;
}
