import type { Chat, ChatGroup, Message } from "./types.ts";

// The chat list's rules (the cached list and what the socket changes in it), as pure functions
// so they are tested without a browser.

const stamp = (c: Chat): number => {
  const t = c.lastMessage?.timestamp ?? c.lastMessage?.createdAt;
  const ms = t ? Date.parse(t) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

/** Newest last message first; chats without one last (in the order they came). */
export function sortChats(chats: readonly Chat[]): Chat[] {
  return chats
    .map((chat, i) => ({ chat, i, t: stamp(chat) }))
    .sort((a, b) => (a.t === b.t ? a.i - b.i : b.t - a.t))
    .map((x) => x.chat);
}

/**
 * A message arrived (socket, or the reply to a send): it becomes its chat's last message, and
 * counts as unread unless that chat is open or it was already counted (same _id). `known` is
 * false when the chat is not in the list (e.g. a bot created in another tab): reload then.
 */
export function applyIncoming(
  chats: readonly Chat[],
  message: Message,
  openChatId: string | null,
  countUnread = true,
): { chats: Chat[]; known: boolean } {
  const chat = chats.find((c) => c._id === message.chatId);
  if (!chat) return { chats: [...chats], known: false };
  const seen = chat.lastMessage?._id === message._id;
  const unread = message.chatId === openChatId ? 0 : chat.unreadCount + (countUnread && !seen ? 1 : 0);
  const updated: Chat = { ...chat, lastMessage: message, unreadCount: unread };
  return { chats: sortChats(chats.map((c) => (c === chat ? updated : c))), known: true };
}

/** The server's unread count for a chat; an open chat stays at 0 (it is being read). */
export function setUnread(
  chats: readonly Chat[],
  chatId: string,
  count: number,
  openChatId: string | null,
): Chat[] {
  const value = chatId === openChatId ? 0 : Math.max(0, count);
  return chats.map((c) => (c._id === chatId && c.unreadCount !== value ? { ...c, unreadCount: value } : c));
}

export const totalUnread = (chats: readonly Chat[]): number =>
  chats.reduce((sum, c) => sum + Math.max(0, c.unreadCount || 0), 0);

/**
 * The Chats nav item's badge: clicking the item clears it without reading the chats, so
 * the list still shows which chats are new; it counts again from there, and never below zero.
 */
export const navBadgeCount = (total: number, clearedAt: number): number => Math.max(0, total - clearedAt);

/** A chat's name, also searched by the list's search box (its bot, and for admins its owner). */
export function matchesSearch(chat: Chat, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const owner = chat._user ? `${chat._user.firstname} ${chat._user.lastname} ${chat._user.email}` : "";
  return `${chat.botName} ${owner} ${chat.userId?.email ?? ""}`.toLowerCase().includes(q);
}

/** The admin's groups: the owner with the latest message first, owners without any last. */
export function sortGroups(groups: readonly ChatGroup[]): ChatGroup[] {
  const newest = (g: ChatGroup) => Math.max(Number.NEGATIVE_INFINITY, ...g.chats.map(stamp));
  return groups
    .map((group, i) => ({ group, i, t: newest(group) }))
    .sort((a, b) => (a.t === b.t ? a.i - b.i : b.t - a.t))
    .map((x) => x.group);
}
