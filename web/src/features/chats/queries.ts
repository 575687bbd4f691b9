import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { listAllGrouped, listChats, markChatRead } from "./api.ts";
import { setUnread, sortChats, totalUnread } from "./chatList.ts";
import { useChatLive } from "./liveContext.ts";
import type { Chat } from "./types.ts";

// The chats in the query cache, as the bots are: the caller's chat list, the admin's grouped
// list, and per chat its pages of messages and its starred ones. The tab's socket
// (ChatsLive) writes what it hears into these entries; the screens only read them.

export const chatListKey = ["chats", "mine"] as const;
export const groupedKey = ["chats", "admin", "all-grouped"] as const;
/** One chat's entries, apart from the lists, so refreshing a list never refetches a chat's pages. */
export const messagesKey = (chatId: string) => ["chat", chatId, "messages"] as const;
export const starredKey = (chatId: string) => ["chat", chatId, "starred"] as const;
export const shortlistKey = (chatId: string) => ["chat", chatId, "shortlist"] as const;

export const fetchChatList = async () => sortChats(await listChats());

/**
 * The caller's chats, newest message first. The open chat shows no unread count: it is being
 * read, even when a list fetched before the server recorded that says otherwise.
 */
export function useChatListQuery(openId: string | null) {
  const select = useCallback(
    (chats: Chat[]) => (openId ? setUnread(chats, openId, 0, openId) : chats),
    [openId],
  );
  return useQuery({ queryKey: chatListKey, queryFn: fetchChatList, select });
}

export const useChatList = () => useChatListQuery(useChatLive().openId);

export const useUnreadTotal = () => totalUnread(useChatList().data ?? []);

export const useGroupedChats = () => useQuery({ queryKey: groupedKey, queryFn: listAllGrouped });

/** The unread-messages icon: every unread chat read, one by one, then the list fetched again. */
export function useMarkAllRead(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    const unread = (client.getQueryData<Chat[]>(chatListKey) ?? []).filter((c) => c.unreadCount > 0);
    for (const chat of unread) {
      client.setQueryData<Chat[]>(chatListKey, (chats) => chats && setUnread(chats, chat._id, 0, null));
      await markChatRead(chat._id).catch(() => undefined);
    }
    await client.invalidateQueries({ queryKey: chatListKey });
  }, [client]);
}
