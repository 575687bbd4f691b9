// The chats feature's public face for app/ (the layout's store and badges). The screens are not
// exported: app/screens.ts loads them on demand.

export { ChatsProvider } from "./ChatsProvider.tsx";
export { useChats } from "./chatsContext.ts";
export { ChatsNavBadge, UnreadMessagesButton, useClearNavBadge } from "./UnreadBadges.tsx";
