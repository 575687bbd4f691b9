import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { listAllGrouped } from "./api.ts";
import type { ChatSection } from "./ChatSidebar.tsx";
import { ChatsScreen } from "./ChatsPage.tsx";
import { sortChats, sortGroups } from "./chatList.ts";
import { useChats } from "./chatsContext.ts";

// /admin/chats and /admin/chats/{chatId}: every user's chats grouped by owner. The
// admin reads others' chats without marking them read and may answer as admin.

const groupedKey = ["chats", "admin", "all-grouped"] as const;

export function AdminChatsPage() {
  const { onMessage } = useChats();
  const query = useQuery({ queryKey: groupedKey, queryFn: listAllGrouped });
  const { refetch } = query;
  // A message in a chat the admin opened moves its preview: refresh the groups.
  useEffect(() => onMessage(() => void refetch()), [onMessage, refetch]);
  const sections: ChatSection[] = sortGroups(query.data ?? []).map((group) => {
    const name = `${group.user.firstname ?? ""} ${group.user.lastname ?? ""}`.trim();
    return {
      key: group.user._id,
      title: name || group.user.email || "Unknown user",
      subtitle: name ? group.user.email : undefined,
      chats: sortChats(group.chats),
    };
  });
  return (
    <ChatsScreen
      base="/admin/chats"
      sections={sections}
      loading={query.isPending}
      error={query.isError ? "Failed to fetch chats" : null}
    />
  );
}
