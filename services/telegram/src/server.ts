import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter, HandlerContext } from "@connectrpc/connect";
import { AppError, actorOf, maybeActor } from "@dirabot/platform";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type { GroupsService } from "./groups.service.ts";
import type { LinksService } from "./links.service.ts";

/** Calls about another user: the product itself (no actor), an admin, or that user. */
function mayActFor(ctx: HandlerContext, userId: string): void {
  const actor = maybeActor(ctx);
  if (actor && !actor.admin && actor.userId !== userId)
    throw new AppError("permission_denied", "Admin access required");
}

/**
 * One thin handler per RPC: the rules live in the services; the acting user comes from the call's
 * verified credential, and errors are mapped once, by the host's trust interceptor.
 */
export function routes(links: LinksService, groups: GroupsService) {
  return (router: ConnectRouter) =>
    router.service(TelegramService, {
      createLinkCode: async (_r, ctx) => {
        const c = await links.createCode(actorOf(ctx).userId);
        return { code: c.code, url: c.url, expiresAt: timestampFromDate(c.expiresAt) };
      },
      getLink: async (r, ctx) => {
        mayActFor(ctx, r.userId);
        const link = await links.getLink(r.userId);
        return { linked: Boolean(link), username: link?.username ?? "" };
      },
      redeemGroupCode: async (r, ctx) => {
        const g = await groups.redeem(r.code, actorOf(ctx).userId);
        return { chatId: g.chatId, chatTitle: g.title };
      },
      sendToUser: async (r, ctx) => {
        const actor = maybeActor(ctx);
        if (actor && !actor.admin) throw new AppError("permission_denied", "Admin access required");
        await links.send(r.userId, r.text);
        return {};
      },
    });
}
