// The chats feature's public face for app/ (the layout's chat socket and badges). The screens are not
// exported: app/screens.ts loads them on demand.

export { ChatsLive } from "./ChatsLive.tsx";
export { ChatsNavBadge, UnreadMessagesButton, useClearNavBadge } from "./UnreadBadges.tsx";
