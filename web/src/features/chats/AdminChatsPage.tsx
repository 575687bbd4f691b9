import { useTranslation } from "../../i18n/index.ts";
import type { ChatSection } from "./ChatSidebar.tsx";
import { ChatsScreen } from "./ChatsPage.tsx";
import { sortChats, sortGroups } from "./chatList.ts";
import { useGroupedChats } from "./queries.ts";

// /admin/chats and /admin/chats/{chatId}: every user's chats grouped by owner. The
// admin reads others' chats without marking them read and may answer as admin. A message the
// socket brings moves its chat's preview: ChatsLive has the groups fetched again.

export function AdminChatsPage() {
  const { t } = useTranslation("chats");
  const query = useGroupedChats();
  const sections: ChatSection[] = sortGroups(query.data ?? []).map((group) => {
    const name = `${group.user.firstname ?? ""} ${group.user.lastname ?? ""}`.trim();
    return {
      key: group.user._id,
      title: name || group.user.email || t("sidebar.unknownUser"),
      subtitle: name ? group.user.email : undefined,
      chats: sortChats(group.chats),
    };
  });
  return (
    <ChatsScreen
      base="/admin/chats"
      sections={sections}
      loading={query.isPending}
      error={query.isError ? t("sidebar.loadFailed") : null}
    />
  );
}
