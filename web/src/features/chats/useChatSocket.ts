import { type RefObject, useEffect, useRef, useState } from "react";
import { getStoredToken } from "../../lib/authToken.ts";
import { importWithRetry } from "../../lib/importRetry.ts";
import { emitLive } from "../../lib/liveEvents.ts";
import { recheckSession } from "../auth/index.ts";
import { type ChatSocket, RoomSet } from "./socket.ts";
import { reconnectDelayMs, serverClosed, serverRefused } from "./socketEnd.ts";
import type { ChatSeen, Message, MessageMarks } from "./types.ts";

// The tab's chat socket (ChatsLive's): one per signed-in tab, its connection state for the dot,
// the rooms joined so far (joined again on every reconnect), and the two chat events (a new
// message carries its chat's unread count; `chat:unread` comes alone when a chat is read). The
// socket's code is fetched as the shell mounts, after the first paint; rooms joined before it is
// open are joined on its first connect. A socket the server closed or refused makes the tab check
// its session at once (socketEnd.ts): an ended one leaves for /banned or sign-in, a live one
// connects again.

export interface SocketHandlers {
  message(message: Message): void;
  unread(chatId: string, unreadCount: number): void;
  /** The reader is out of a shared bot's chat (removed, left, or the bot deleted). */
  removed(chatId: string): void;
  /** A match's votes or quick replies changed. */
  marks(update: MessageMarks): void;
  /** A member read a chat further. */
  seen(update: ChatSeen): void;
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
    let checking = false;
    let checks = 0; // the server's closes and refusals since the last connect
    const checkSession = (s: ChatSocket) => {
      if (checking) return;
      checking = true;
      checks++;
      void recheckSession(() => gone).then((outcome) => {
        checking = false;
        if (outcome !== "valid") return;
        // With the token the check was made with: a sign-in in another tab may have replaced it.
        const token = getStoredToken();
        s.auth = token ? { token } : {};
        setTimeout(() => gone || s.connect(), reconnectDelayMs(checks));
      });
    };
    const open = (openChatSocket: (token: string | null) => ChatSocket) => {
      if (gone) return;
      const s = openChatSocket(getStoredToken());
      socket = s;
      joined.attach(socket); // first: on a connect the rooms are joined before the list is asked again
      socket.on("connect", () => {
        checks = 0;
        setConnected(true);
        // Every connect, the first one too: a message sent between the first list fetch and the
        // socket joining its rooms reached no socket, and only a fresh list shows it.
        handlers.current.reconnected();
      });
      socket.on("disconnect", (reason) => {
        setConnected(false);
        if (serverClosed(reason)) checkSession(s);
      });
      socket.on("connect_error", () => {
        if (serverRefused(s)) checkSession(s);
      });
      socket.on("chat:newMessage", ({ unreadCount, ...message }) => {
        handlers.current.message(message);
        if (unreadCount !== undefined) handlers.current.unread(message.chatId, unreadCount);
      });
      socket.on("chat:unread", ({ chatId, unreadCount }) => handlers.current.unread(chatId, unreadCount));
      socket.on("chat:removed", ({ chatId }) => {
        joined.forget(chatId);
        handlers.current.removed(chatId);
      });
      socket.on("chat:marks", (update) => handlers.current.marks(update));
      socket.on("chat:seen", (update) => handlers.current.seen(update));
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
