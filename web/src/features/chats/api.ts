import { api } from "../../lib/api.ts";
import type { Chat, ChatGroup, ChatPage, Message, ShortlistEntry } from "./types.ts";

// The /api/chats calls, in the API contract's shapes. Errors keep the server's message
// (lib/api.ts); the screens swap in their own texts where a failure has one.

const chat = (id: string) => `/api/chats/${encodeURIComponent(id)}`;

export const listChats = () => api.get<Chat[]>("/api/chats");

export const getChat = (id: string, page = 1, limit = 20, signal?: AbortSignal) =>
  api.get<ChatPage>(chat(id), { page, limit }, signal);

export const sendMessage = (id: string, content: string, tempId: string) =>
  api.post<Message>(`${chat(id)}/messages`, { content, tempId });

export const markChatRead = (id: string) => api.post<Chat>(`${chat(id)}/read`);

export const toggleStar = (id: string, messageId: string) =>
  api.post<Message>(`${chat(id)}/messages/${encodeURIComponent(messageId)}/star`);

export const listStarred = (id: string) => api.get<Message[]>(`${chat(id)}/messages/starred`);

export const listAllGrouped = () => api.get<ChatGroup[]>("/api/chats/admin/all-grouped");

const message = (id: string, messageId: string) => `${chat(id)}/messages/${encodeURIComponent(messageId)}`;

/** The caller's 👍/👎 with a note; null takes it back. */
export const voteOn = (id: string, messageId: string, vote: "up" | "down" | null, note: string) =>
  api.put<Message>(`${message(id, messageId)}/vote`, { vote, note });

/** The caller's quick replies on a match: "I called", and a viewing's day (YYYY-MM-DD) or null. */
export const setQuickReply = (id: string, messageId: string, called: boolean, viewingOn: string | null) =>
  api.put<Message>(`${message(id, messageId)}/reply`, { called, viewingOn });

export const listShortlist = (id: string) => api.get<ShortlistEntry[]>(`${chat(id)}/shortlist`);
