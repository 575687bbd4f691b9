// The websocket's events (Socket.IO, path /socket.io), in socket.io's typed-events form: the
// gateway's server is `Server<ClientEvents, ServerEvents>`, the SPA's client
// `Socket<ServerEvents, ClientEvents>`, so both ends type every emit and every listener alike.
import type { Message, QuickReply, ReadMark, Vote } from "./chats.ts";
import type { Notification } from "./notifications.ts";

/** A chat's unread count for its owner. */
export interface ChatUnread {
  chatId: string;
  unreadCount: number;
}

/** A match's votes and quick replies after a change: the whole new set. */
export interface MessageMarks {
  chatId: string;
  messageId: string;
  votes: Vote[];
  replies: QuickReply[];
  folded: boolean;
}

/** A member's read mark moved: the chat's messages written up to `upTo` are seen by them. */
export interface ChatSeen {
  chatId: string;
  mark: ReadMark;
}

/** The answer to a `chat:join` or `chat:leave`: a refusal says why. */
export type JoinAnswer = { ok: true } | { ok: false; message: string };

/** What the server sends. */
export interface ServerEvents {
  /** A new message, with the owner's unread count in its chat after it when the server knows it. */
  "chat:newMessage": (message: Message & { unreadCount?: number }) => void;
  /** A chat's unread count changed otherwise (it was read). */
  "chat:unread": (update: ChatUnread) => void;
  /**
   * The socket's user is no longer in a shared bot's chat (the owner removed them, they left, or
   * the bot was deleted): the server took their sockets out of its room; the client drops it.
   */
  "chat:removed": (update: { chatId: string; botId: string }) => void;
  /** A match's votes or quick replies changed (to every open page of its chat). */
  "chat:marks": (update: MessageMarks) => void;
  /** A member read the chat further (to every open page of the chat). */
  "chat:seen": (update: ChatSeen) => void;
  /** A new notification of the socket's user (the same shape as /api/notifications'). */
  "notification:new": (notification: Notification) => void;
}

/** What a client sends: a chat's id (the server also takes `{ chatId }`) and an acknowledgement. */
export interface ClientEvents {
  /** Enters the chat's room once the session and the chat's owner or an admin are checked. */
  "chat:join": (chatId: string, ack: (answer: JoinAnswer) => void) => void;
  "chat:leave": (chatId: string, ack: (answer: JoinAnswer) => void) => void;
}
