import { createContext, useContext } from "react";
import type { Chat, Message } from "./types.ts";

// What the chat store (ChatsProvider) offers the screens and the layout.

export interface ChatsValue {
  chats: Chat[];
  loaded: boolean;
  /** 'Failed to fetch chats' / 'Failed to create chat'; null when fine. */
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

export const ChatsContext = createContext<ChatsValue | null>(null);

export function useChats(): ChatsValue {
  const value = useContext(ChatsContext);
  if (!value) throw new Error("useChats needs a ChatsProvider (the signed-in layout)");
  return value;
}
