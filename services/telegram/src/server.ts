import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { toAppError } from "@dirabot/platform";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type { GroupsService } from "./groups.service.ts";
import type { LinksService } from "./links.service.ts";

/** Turns the product's errors into Connect errors with the same code and message. */
async function rpc<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err).toConnect();
  }
}

/** One thin handler per RPC: the rules live in the service. */
export function routes(links: LinksService, groups: GroupsService) {
  return (router: ConnectRouter) =>
    router.service(TelegramService, {
      createLinkCode: (r) =>
        rpc(async () => {
          const c = await links.createCode(r.userId);
          return { code: c.code, url: c.url, expiresAt: timestampFromDate(c.expiresAt) };
        }),
      getLink: (r) =>
        rpc(async () => {
          const link = await links.getLink(r.userId);
          return { linked: Boolean(link), username: link?.username ?? "" };
        }),
      redeemGroupCode: (r) =>
        rpc(async () => {
          const g = await groups.redeem(r.code, r.userId);
          return { chatId: g.chatId, chatTitle: g.title };
        }),
      sendToUser: (r) =>
        rpc(async () => {
          await links.send(r.userId, r.text);
          return {};
        }),
    });
}
