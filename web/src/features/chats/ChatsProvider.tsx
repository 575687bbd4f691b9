import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { getStoredToken } from "../../lib/authToken.ts";
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
import { type ChatSocket, openChatSocket, RoomSet } from "./socket.ts";
import type { Chat, Message } from "./types.ts";

// The chat store (SPEC §4 "Chat list", "Opening a chat", "Incoming socket message", "Socket", §8
// "Chat store"). It lives with the signed-in layout, not the chats screen, because the Chats nav
// badge and the unread-messages icon count on every screen. One socket per signed-in tab.

export interface ChatsValue {
  chats: Chat[];
  loaded: boolean;
  /** 'Failed to fetch chats' / 'Failed to create chat' (SPEC §8); null when fine. */
  error: string | null;
  connected: boolean;
  totalUnread: number;
  navBadge: number;
  clearNavBadge(): void;
  reload(): Promise<void>;
  create(botId: string): Promise<Chat | null>;
  /** The pane shows this chat: it reads it (as the rules allow) and joins its room. */
  open(chatId: string | null, ownerId?: string): void;
  markAllRead(): Promise<void>;
  /** A message the pane got as a send's reply: the list learns it like a socket message. */
  noteMessage(message: Message): void;
  onMessage(listener: (message: Message) => void): () => void;
}

const ChatsContext = createContext<ChatsValue | null>(null);

/** Marking read: the chat's owner, or any non-admin; an admin only for their own chats (SPEC §4). */
const mayMarkRead = (user: User, ownerId: string | undefined) => !isAdmin(user) || ownerId === user._id;

export function ChatsProvider({ user, children }: { user: User; children: ReactNode }) {
  const [chats, setChats] = useState<Chat[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [clearedAt, setClearedAt] = useState(0);
  const busy = useRef(false);
  const openRef = useRef<{ id: string | null; owner?: string }>({ id: null });
  const listeners = useRef(new Set<(m: Message) => void>());
  const rooms = useRef<RoomSet | null>(null);
  const chatsRef = useRef(chats);
  chatsRef.current = chats;

  // A load or create is ignored while another is running (SPEC §4).
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
      rooms.current?.join(chatId);
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
    // One by one, then a fresh list (SPEC §4).
    for (const chat of chatsRef.current.filter((c) => c.unreadCount > 0)) {
      setChats((current) => setUnread(current, chat._id, 0, null));
      await markChatRead(chat._id).catch(() => undefined);
    }
    await reload();
  }, [reload]);

  // The socket handlers read the latest callbacks through a ref, so a profile edit (a new user
  // object) does not reconnect the socket.
  const noteRef = useRef(noteMessage);
  noteRef.current = noteMessage;

  useEffect(() => {
    void reload();
    const socket: ChatSocket = openChatSocket(getStoredToken());
    rooms.current = new RoomSet(socket);
    let wasConnected = false;
    socket.on("connect", () => {
      setConnected(true);
      // What arrived while disconnected is only in the list the server keeps.
      if (wasConnected) void reload();
      wasConnected = true;
    });
    socket.on("disconnect", () => setConnected(false));
    socket.on("chat:newMessage", (message) => {
      noteRef.current(message);
      for (const listener of listeners.current) listener(message);
    });
    socket.on("chat:unread", ({ chatId, unreadCount }) =>
      setChats((current) => setUnread(current, chatId, unreadCount, openRef.current.id)),
    );
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
      rooms.current = null;
    };
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

export function useChats(): ChatsValue {
  const value = useContext(ChatsContext);
  if (!value) throw new Error("useChats needs a ChatsProvider (the signed-in layout)");
  return value;
}
