// The chats feature's public face for app/ (the layout's chat socket and badges) and for the bot
// cards (the way to a bot's chat). The screens are not exported: app/screens.ts loads them on demand.

export { botChatPath, useBotChat } from "./botChat.ts";
export { ChatsLive } from "./ChatsLive.tsx";
export { ChatsNavBadge, UnreadMessagesButton, useClearNavBadge } from "./UnreadBadges.tsx";
