import type { Chat, ChatPage, Message } from "./types.ts";

// The chats tests' people, messages and chats, in the API contract's shapes.

export const me = {
  _id: "u1",
  firstname: "Dana",
  lastname: "Cohen",
  email: "d@example.com",
  avatar: "",
  roles: ["user"],
};

const AT = "2026-01-01T10:00:00Z";

/** A bot's unread text in chat c1, unless `extra` says otherwise. */
export const message = (id: string, extra: Partial<Message> = {}): Message => ({
  _id: id,
  chatId: "c1",
  content: `text ${id}`,
  type: "text",
  sender: "bot",
  timestamp: AT,
  createdAt: AT,
  updatedAt: AT,
  isRead: false,
  starred: false,
  votes: [],
  seenBy: [],
  replies: [],
  folded: false,
  ...extra,
});

/** A message of `chatId` sent at `at` (null: no time). */
export const sentAt = (id: string, chatId: string, at: string | null): Message =>
  message(id, { chatId, timestamp: at, createdAt: at, updatedAt: at });

/** Dana's chat `id`, its last message `m-{id}` sent at `at` (none when null). */
export const chat = (id: string, at: string | null, unread = 0): Chat => ({
  _id: id,
  botId: `bot-${id}`,
  botName: `Bot ${id}`,
  userId: { _id: "u1", email: "u1@example.com" },
  unreadCount: unread,
  lastMessage: at ? sentAt(`m-${id}`, id, at) : null,
  favorite: false,
  createdAt: null,
  updatedAt: null,
  memberIds: [],
});

/** A page of chat c1 holding messages `ids`, oldest first. */
export const chatPage = (ids: string[], hasMore = true): ChatPage => ({
  ...chat("c1", null),
  messages: ids.map((id) => message(id)),
  pagination: { page: 1, limit: 20, total: 0, hasMore },
  readMarks: [],
});
