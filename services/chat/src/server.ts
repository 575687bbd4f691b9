import type { ConnectRouter } from "@connectrpc/connect";
import { actorOf } from "@dirabot/platform";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { ChatsService } from "./chats.service.ts";
import type { FreshnessService } from "./freshness.service.ts";
import type { MessagesService } from "./messages.service.ts";
import type { VotesService } from "./votes.service.ts";

/**
 * One thin handler per RPC: the rules live in the services; the acting user comes from the call's
 * verified credential, and errors are mapped once, by the host's trust interceptor.
 */
export function routes(deps: {
  chats: ChatsService;
  messages: MessagesService;
  freshness: FreshnessService;
  votes: VotesService;
}) {
  const { chats, messages, freshness, votes } = deps;
  return (router: ConnectRouter) =>
    router.service(ChatService, {
      listChats: async (_r, ctx) => ({ chats: await chats.list(actorOf(ctx)) }),
      getChat: async (r, ctx) => {
        const {
          chat,
          messages: page,
          total,
          readMarks,
        } = await chats.get(actorOf(ctx), r.chatId, r.page, r.limit);
        return { chat, messages: page, totalMessages: total, readMarks };
      },
      createChat: async (r, ctx) => ({ chat: await chats.create(actorOf(ctx), r.botId) }),
      sendMessage: async (r, ctx) => ({
        message: await messages.send(actorOf(ctx), r.sender, r.chatId, r.content, r.tempId),
      }),
      markRead: async (r, ctx) => ({ chat: await messages.markRead(actorOf(ctx), r.chatId, r.reader) }),
      toggleStar: async (r, ctx) => ({
        message: await messages.toggleStar(actorOf(ctx), r.chatId, r.messageId),
      }),
      toggleFavorite: async (r, ctx) => ({ chat: await chats.toggleFavorite(actorOf(ctx), r.chatId) }),
      listStarred: async (r, ctx) => ({ messages: await messages.starred(actorOf(ctx), r.chatId) }),
      listAllGrouped: async (_r, ctx) => ({ groups: await chats.allGrouped(actorOf(ctx)) }),
      canRead: async (r, ctx) => ({ allowed: await chats.canRead(actorOf(ctx), r.chatId) }),
      getFreshness: (_r, ctx) => freshness.get(actorOf(ctx)),
      vote: async (r, ctx) => ({
        message: await votes.vote(actorOf(ctx), r.voter, r.chatId, r.messageId, r.vote, r.note),
      }),
      setQuickReply: async (r, ctx) => ({
        message: await votes.reply(actorOf(ctx), r.voter, r.chatId, r.messageId, r.called, r.viewingOn),
      }),
      listShortlist: async (r, ctx) => ({ entries: await votes.shortlist(actorOf(ctx), r.chatId) }),
    });
}
