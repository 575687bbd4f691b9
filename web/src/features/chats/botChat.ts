import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { chatListKey, fetchChatList, useChatListQuery } from "./queries.ts";
import type { Chat } from "./types.ts";

// The way from a bot to its chat (My Bots' cards). A bot's web chat is found by bot in the
// caller's chat list: a Telegram group bot's chatId names the group, not its web chat.

/** /chats/{id} of the bot's web chat, or /chats while it is not listed. */
export function botChatPath(chats: readonly Chat[] | undefined, botId: string): string {
  const chat = chats?.find((c) => c.botId === botId);
  return chat ? `/chats/${encodeURIComponent(chat._id)}` : "/chats";
}

/**
 * The link to a bot's chat, and what following it does: the list the layout keeps is read, or
 * fetched when it has not arrived or lacks the bot (a bot made a moment ago), then the chat opens.
 */
export function useBotChat(botId: string): { href: string; open: () => Promise<void> } {
  const client = useQueryClient();
  const navigate = useNavigate();
  const list = useChatListQuery(null);
  const href = botChatPath(list.data, botId);
  const open = useCallback(async () => {
    let chats = client.getQueryData<Chat[]>(chatListKey);
    if (!chats?.some((c) => c.botId === botId))
      chats = await client.fetchQuery({ queryKey: chatListKey, queryFn: fetchChatList }).catch(() => chats);
    navigate(botChatPath(chats, botId));
  }, [client, navigate, botId]);
  return { href, open };
}
