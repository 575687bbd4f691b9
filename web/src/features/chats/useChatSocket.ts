import { type RefObject, useEffect, useRef, useState } from "react";
import { getStoredToken } from "../../lib/authToken.ts";
import { importWithRetry } from "../../lib/importRetry.ts";
import { emitLive } from "../../lib/liveEvents.ts";
import { type ChatSocket, RoomSet } from "./socket.ts";
import type { Message } from "./types.ts";

// The tab's chat socket (ChatsLive's): one per signed-in tab, its connection state for the dot,
// the rooms joined so far (joined again on every reconnect), and the two chat events (a new
// message carries its chat's unread count; `chat:unread` comes alone when a chat is read). The
// socket's code is fetched as the shell mounts, after the first paint; rooms joined before it is
// open are joined on its first connect.

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
    const joined = new RoomSet();
    rooms.current = joined;
    let socket: ChatSocket | null = null;
    let gone = false;
    const open = (openChatSocket: (token: string | null) => ChatSocket) => {
      if (gone) return;
      socket = openChatSocket(getStoredToken());
      joined.attach(socket); // first: on a connect the rooms are joined before the list is asked again
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
    };
    // A failed download is tried again (importWithRetry), as a socket that cannot connect is.
    void importWithRetry(
      () => import("./openSocket.ts"),
      () => !gone,
    ).then((m) => m && open(m.openChatSocket));
    return () => {
      gone = true;
      socket?.removeAllListeners();
      socket?.disconnect();
      rooms.current = null;
    };
  }, [handlers]);

  return { connected, join: (chatId: string) => rooms.current?.join(chatId) };
}
