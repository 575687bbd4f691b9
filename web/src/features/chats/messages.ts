import type { Message } from "./types.ts";

// The open chat's message list rules (sending optimistically, paging older messages): one entry per message
// whatever order the socket and the send reply arrive in.

/**
 * Puts a server message in the list: it replaces the optimistic copy with its tempId, or the entry
 * with its _id; otherwise it is appended. A copy left behind under the other key is dropped, so a
 * message is never shown twice.
 */
export function mergeMessage(list: readonly Message[], message: Message): Message[] {
  const sameTemp = (m: Message) => Boolean(message.tempId && m.pending && m.tempId === message.tempId);
  const at = list.findIndex((m) => m._id === message._id || sameTemp(m));
  if (at < 0) return [...list, message];
  return list
    .map((m, i) => (i === at ? message : m))
    .filter((m, i) => i === at || !(m._id === message._id || sameTemp(m)));
}

/** A failed send: its optimistic copy goes away. */
export const removeTemp = (list: readonly Message[], tempId: string): Message[] =>
  list.filter((m) => !(m.pending && m.tempId === tempId));

/**
 * An older page goes before what is shown. Pages count from the newest, so after new messages
 * arrived a page overlaps what is shown: those are skipped, nothing is missed.
 */
export function prependOlder(list: readonly Message[], older: readonly Message[]): Message[] {
  const shown = new Set(list.map((m) => m._id));
  return [...older.filter((m) => !shown.has(m._id)), ...list];
}

/** A message changed on the server (a star): replaced where it is. */
export const replaceMessage = (list: readonly Message[], message: Message): Message[] =>
  list.map((m) => (m._id === message._id ? { ...message, tempId: m.tempId } : m));

export function optimisticMessage(
  chatId: string,
  content: string,
  tempId: string,
  sender: Message["sender"],
  now = new Date(),
): Message {
  const at = now.toISOString();
  return {
    _id: tempId,
    tempId,
    chatId,
    content,
    type: "text",
    sender,
    timestamp: at,
    createdAt: at,
    updatedAt: at,
    isRead: true,
    starred: false,
    votes: [],
    seenBy: [],
    replies: [],
    folded: false,
    pending: true,
  };
}
