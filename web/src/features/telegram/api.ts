import type {
  TelegramChat,
  TelegramChatHistory,
  TelegramHistory,
  TelegramMessage,
  TelegramSent,
} from "@dirabot/api";
import { api } from "../../lib/api.ts";

// The /api/telegram calls: admin messaging over the Telegram bot, in the API contract's shapes.

export type {
  TelegramChat,
  TelegramChatHistory as Conversation,
  TelegramHistory as HistoryPage,
  TelegramMessage,
} from "@dirabot/api";
export type MessageType = TelegramMessage["type"];
export type MessageStatus = TelegramMessage["status"];

const BASE = "/api/telegram";
/** History page sizes; 10 by default. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
/** The chat panel's conversation: the newest 100, refreshed every 10 s. */
export const CONVERSATION_SIZE = 100;
export const REFRESH_MS = 10_000;

export const broadcast = (content: string) => api.post<TelegramSent>(`${BASE}/broadcast`, { content });

export const sendDirect = (content: string, chatId: string) =>
  api.post<TelegramSent>(`${BASE}/direct`, { content, chatId });

export const listHistory = (limit: number, skip: number, type: MessageType | null, signal?: AbortSignal) =>
  api.get<TelegramHistory>(BASE, { limit, skip, type }, signal);

export const listChats = (signal?: AbortSignal) =>
  api.get<TelegramChat[]>(`${BASE}/chats`, { limit: 500 }, signal);

export const getConversation = (chatId: string, signal?: AbortSignal) =>
  api.get<TelegramChatHistory>(
    `${BASE}/chat/${encodeURIComponent(chatId)}`,
    { limit: CONVERSATION_SIZE },
    signal,
  );

/** Every cached telegram query starts with this: one invalidation after a send refreshes them all. */
export const telegramKey = ["telegram"] as const;
export const historyKey = (size: number, page: number, type: MessageType | null) =>
  [...telegramKey, "history", size, page, type] as const;
export const chatsKey = [...telegramKey, "chats"] as const;
export const conversationKey = (chatId: string) => [...telegramKey, "chat", chatId] as const;
