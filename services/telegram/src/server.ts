import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter, HandlerContext } from "@connectrpc/connect";
import { AppError, actorOf, maybeActor } from "@dirabot/platform";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type { GroupsService } from "./groups.service.ts";
import type { LinksService } from "./links.service.ts";
import type { ChatRow } from "./messages.repo.ts";
import type { MessageView, MessagingService } from "./messages.service.ts";

/** Calls about another user: the product itself (no actor), an admin, or that user. */
function mayActFor(ctx: HandlerContext, userId: string): void {
  const actor = maybeActor(ctx);
  if (actor && !actor.admin && actor.userId !== userId)
    throw new AppError("permission_denied", "Admin access required");
}

/** Admin messaging: an admin acting, nobody else (not even the product itself). */
function adminOf(ctx: HandlerContext): string {
  const actor = actorOf(ctx);
  if (!actor.admin) throw new AppError("permission_denied", "Admin access required");
  return actor.userId;
}

const messageOut = (m: MessageView) => ({
  id: m.id,
  type: m.type,
  status: m.status,
  content: m.content,
  chatId: m.chat_id,
  chatName: m.chat_name,
  sentAt: timestampFromDate(m.sent_at ?? m.created_at),
  error: m.error,
  senderName: m.sender_name,
  createdBy: m.created_by,
  deliveries: m.counts,
});
const chatOut = (c: ChatRow, last?: MessageView) => ({
  chatId: c.chat_id,
  chatName: c.chat_name,
  type: c.type,
  userId: c.user_id ?? "",
  lastMessage: last && messageOut(last),
});

/**
 * One thin handler per RPC: the rules live in the services; the acting user comes from the call's
 * verified credential, and errors are mapped once, by the host's trust interceptor.
 */
export function routes(links: LinksService, groups: GroupsService, messaging: MessagingService) {
  return (router: ConnectRouter) =>
    router.service(TelegramService, {
      createLinkCode: async (r, ctx) => {
        const c = await links.createCode(actorOf(ctx).userId, r.account, r.locale);
        return { code: c.code, url: c.url, expiresAt: timestampFromDate(c.expiresAt) };
      },
      getLink: async (r, ctx) => {
        mayActFor(ctx, r.userId);
        const link = await links.getLink(r.userId);
        return { linked: Boolean(link), username: link?.username ?? "" };
      },
      unlink: async (_r, ctx) => ({ unlinked: await links.unlink(actorOf(ctx).userId) }),
      redeemGroupCode: async (r, ctx) => {
        const g = await groups.redeem(r.code, actorOf(ctx).userId);
        return { chatId: g.chatId, chatTitle: g.title };
      },
      lookUpGroupCode: async (r, ctx) => {
        const g = await groups.lookUp(r.code, actorOf(ctx).userId);
        return { chatId: g.chatId, chatTitle: g.title, expiresAt: timestampFromDate(g.expiresAt) };
      },
      sendToUser: async (r, ctx) => {
        const actor = maybeActor(ctx);
        if (actor && !actor.admin) throw new AppError("permission_denied", "Admin access required");
        await links.send(r.userId, r.text, {
          photoUrl: r.photoUrl || undefined,
          button: r.button && { text: r.button.text, url: r.button.url },
          buttons: r.buttons.map((b) => ({ text: b.text, url: b.url })),
        });
        return {};
      },
      broadcast: async (r, ctx) => ({
        message: messageOut(await messaging.broadcast(r.content, adminOf(ctx))),
      }),
      sendDirect: async (r, ctx) => ({
        message: messageOut(await messaging.direct(r.content, r.chatId, adminOf(ctx))),
      }),
      listMessages: async (r, ctx) => {
        adminOf(ctx);
        const page = await messaging.list(r.type, r.limit, r.skip);
        return { messages: page.messages.map(messageOut), count: page.count };
      },
      listChats: async (r, ctx) => {
        adminOf(ctx);
        return { chats: (await messaging.chats(r.search, r.limit)).map((c) => chatOut(c.chat, c.last)) };
      },
      listChatMessages: async (r, ctx) => {
        adminOf(ctx);
        const page = await messaging.chatMessages(r.chatId, r.limit, r.skip);
        return { chat: chatOut(page.chat), messages: page.messages.map(messageOut), count: page.count };
      },
    });
}
