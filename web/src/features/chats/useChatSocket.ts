import { type RefObject, useEffect, useRef, useState } from "react";
import { getStoredToken } from "../../lib/authToken.ts";
import { emitLive } from "../../lib/liveEvents.ts";
import { type ChatSocket, openChatSocket, RoomSet } from "./socket.ts";
import type { Message } from "./types.ts";

// The tab's chat socket (ChatsLive's): one per signed-in tab, its connection state for the dot,
// the rooms joined so far (joined again on every reconnect), and the two chat events (a new
// message carries its chat's unread count; `chat:unread` comes alone when a chat is read).

export interface SocketHandlers {
  message(message: Message): void;
  unread(chatId: string, unreadCount: number): void;
  /** Connected again after a drop: what arrived meanwhile is only on the server. */
  reconnected(): void;
}

export function useChatSocket(handlers: RefObject<SocketHandlers>) {
  const [connected, setConnected] = useState(false);
  const rooms = useRef<RoomSet | null>(null);

  useEffect(() => {
    const socket: ChatSocket = openChatSocket(getStoredToken());
    rooms.current = new RoomSet(socket);
    socket.on("connect", () => {
      setConnected(true);
      // Every connect, the first one too: a message sent between the first list fetch and the
      // socket joining its rooms reached no socket, and only a fresh list shows it.
      handlers.current.reconnected();
    });
    socket.on("disconnect", () => setConnected(false));
    socket.on("chat:newMessage", ({ unreadCount, ...message }) => {
      handlers.current.message(message);
      if (unreadCount !== undefined) handlers.current.unread(message.chatId, unreadCount);
    });
    socket.on("chat:unread", ({ chatId, unreadCount }) => handlers.current.unread(chatId, unreadCount));
    // The one socket of the tab also carries the bell's news; the bell hears it through liveEvents.
    socket.on("notification:new", (notification) => emitLive("notification:new", notification));
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
      rooms.current = null;
    };
  }, [handlers]);

  return { connected, join: (chatId: string) => rooms.current?.join(chatId) };
}
