import type { ConnectRouter } from "@connectrpc/connect";
import { toAppError } from "@dirabot/platform";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { ChatsService } from "./chats.service.ts";
import type { MessagesService } from "./messages.service.ts";

async function rpc<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err).toConnect();
  }
}

/** One thin handler per RPC: the rules live in the services. */
export function routes(deps: { chats: ChatsService; messages: MessagesService }) {
  const { chats, messages } = deps;
  return (router: ConnectRouter) =>
    router.service(ChatService, {
      listChats: (r) => rpc(async () => ({ chats: await chats.list(r.actor) })),
      getChat: (r) =>
        rpc(async () => {
          const { chat, messages: page, total } = await chats.get(r.actor, r.chatId, r.page, r.limit);
          return { chat, messages: page, totalMessages: total };
        }),
      createChat: (r) => rpc(async () => ({ chat: await chats.create(r.actor, r.botId) })),
      sendMessage: (r) =>
        rpc(async () => ({
          message: await messages.send(r.actor, r.sender, r.chatId, r.content, r.tempId),
        })),
      markRead: (r) => rpc(async () => ({ chat: await messages.markRead(r.actor, r.chatId) })),
      toggleStar: (r) =>
        rpc(async () => ({ message: await messages.toggleStar(r.actor, r.chatId, r.messageId) })),
      toggleFavorite: (r) => rpc(async () => ({ chat: await chats.toggleFavorite(r.actor, r.chatId) })),
      listStarred: (r) => rpc(async () => ({ messages: await messages.starred(r.actor, r.chatId) })),
      listAllGrouped: (r) => rpc(async () => ({ groups: await chats.allGrouped(r.actor) })),
      canRead: (r) => rpc(async () => ({ allowed: await chats.canRead(r.actor, r.chatId) })),
    });
}
