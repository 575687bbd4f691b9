import { useTranslation } from "../../i18n/index.ts";
import { ChatsScreen } from "./ChatsPage.tsx";
import { useChatList } from "./queries.ts";

/** /chats and /chats/{chatId}: the signed-in user's own chats, from the query cache. */
export function UserChatsPage() {
  const { t } = useTranslation("chats");
  const list = useChatList();
  const chats = list.data ?? [];
  return (
    <ChatsScreen
      base="/chats"
      sections={[{ key: "mine", chats }]}
      loading={list.isPending}
      error={list.isError ? t("sidebar.loadFailed") : null}
    />
  );
}
