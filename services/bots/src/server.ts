import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { actorOf } from "@dirabot/platform";
import { BotsService as BotsRpc } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { BotsService } from "./bots.service.ts";
import type { MembersService } from "./members.service.ts";

/**
 * One thin handler per RPC: the rules live in bots.service.ts; the acting user comes from the
 * call's verified credential, and errors are mapped once, by the host's trust interceptor.
 */
export function routes(bots: BotsService, members: MembersService) {
  return (router: ConnectRouter) =>
    router.service(BotsRpc, {
      createBot: async (r, ctx) => {
        const group = r.telegramChatId ? { chatId: r.telegramChatId, chatName: r.chatName } : undefined;
        return { bot: await bots.create(actorOf(ctx), r.botName, r.description, group, r) };
      },
      listBots: async (r, ctx) => ({ bots: await bots.list(actorOf(ctx), r.all) }),
      getBot: async (r, ctx) => ({ bot: await bots.get(actorOf(ctx), r.id) }),
      updateBot: async (r, ctx) => ({ bot: await bots.update(actorOf(ctx), r) }),
      deleteBot: async (r, ctx) => {
        await bots.delete(actorOf(ctx), r.id);
        return {};
      },
      countBots: (_r, ctx) => bots.count(actorOf(ctx)),
      listWatchedAreas: async () => ({ neighborhoodCodes: await bots.watchedAreas() }),
      createInvite: async (r, ctx) => {
        const { token, expiresAt, told } = await members.invite(actorOf(ctx), r.botId, r.email, r.inviteeId);
        return { token, expiresAt: timestampFromDate(expiresAt), told };
      },
      acceptInvite: async (r, ctx) => ({ bot: await members.accept(actorOf(ctx), r.token, r.email) }),
      listMembers: async (r, ctx) => ({ members: await members.list(actorOf(ctx), r.botId) }),
      listUserBots: async (r, ctx) => ({ bots: await bots.listOfUser(actorOf(ctx), r.userId) }),
      removeMember: async (r, ctx) => {
        await members.remove(actorOf(ctx), r.botId, r.userId);
        return {};
      },
    });
}
