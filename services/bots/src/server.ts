import type { ConnectRouter } from "@connectrpc/connect";
import { toAppError } from "@dirabot/platform";
import { BotsService as BotsRpc } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { BotsService } from "./bots.service.ts";

async function rpc<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err).toConnect();
  }
}

/** One thin handler per RPC: the rules live in bots.service.ts. */
export function routes(bots: BotsService) {
  return (router: ConnectRouter) =>
    router.service(BotsRpc, {
      createBot: (r) =>
        rpc(async () => {
          const group = r.telegramChatId ? { chatId: r.telegramChatId, chatName: r.chatName } : undefined;
          return { bot: await bots.create(r.actor, r.botName, r.description, group) };
        }),
      listBots: (r) => rpc(async () => ({ bots: await bots.list(r.actor, r.all) })),
      getBot: (r) => rpc(async () => ({ bot: await bots.get(r.actor, r.id) })),
      updateBot: (r) => rpc(async () => ({ bot: await bots.update(r.actor, r) })),
      deleteBot: (r) =>
        rpc(async () => {
          await bots.delete(r.actor, r.id);
          return {};
        }),
      countBots: (r) => rpc(() => bots.count(r.actor)),
      listWatchedAreas: () => rpc(async () => ({ neighborhoodCodes: await bots.watchedAreas() })),
    });
}
