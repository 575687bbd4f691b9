import { createContext, useContext } from "react";

// What the tab's chat socket (ChatsLive) offers the screens and the layout. The chats and their
// messages are not here: they are in the query cache (queries.ts).

export interface ChatLive {
  /** The socket's state, for the conversation's dot. */
  connected: boolean;
  /** The chat the pane shows, once loaded; null when none. */
  openId: string | null;
  /** The pane shows this chat (or none): it reads it, as the rules allow, and joins its room. */
  open(chatId: string | null, ownerId?: string): void;
  navBadge: number;
  clearNavBadge(): void;
}

export const ChatLiveContext = createContext<ChatLive | null>(null);

export function useChatLive(): ChatLive {
  const value = useContext(ChatLiveContext);
  if (!value) throw new Error("useChatLive needs ChatsLive (the signed-in layout)");
  return value;
}
