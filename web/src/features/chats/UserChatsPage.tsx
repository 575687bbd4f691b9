import { ChatsScreen } from "./ChatsPage.tsx";
import { useChats } from "./chatsContext.ts";

/** /chats and /chats/{chatId}: the signed-in user's own chats, from the layout's store. */
export function UserChatsPage() {
  const { chats, loaded, error } = useChats();
  return <ChatsScreen base="/chats" sections={[{ key: "mine", chats }]} loading={!loaded} error={error} />;
}
