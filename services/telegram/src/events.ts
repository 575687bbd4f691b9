import type { ConsumerSpec, Logger } from "@dirabot/platform";
import { subjectOf } from "@dirabot/platform";
import { BotMatchedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import { UserDeletedSchema } from "@dirabot/proto/events/v1/identity_pb.js";
import type { GroupsRepo } from "./groups.repo.ts";
import type { GroupsService } from "./groups.service.ts";
import type { LinksRepo } from "./links.repo.ts";

/** A deleted user's link, codes and group posts go with them (idempotent: deleting nothing is fine). */
export const onUserDeleted = (
  links: LinksRepo,
  groups: GroupsRepo,
): ConsumerSpec<typeof UserDeletedSchema> => ({
  durable: "telegram-on-user-deleted",
  subjects: [subjectOf("identity", "user.deleted")],
  schema: UserDeletedSchema,
  apply: async (trx, event) => {
    await links.forget(trx, event.payload.userId);
    await groups.forget(trx, event.payload.userId);
  },
});

/** A Telegram group bot's match goes to its group as well as to the web chat. */
export const onBotMatched = (groups: GroupsService, log: Logger): ConsumerSpec<typeof BotMatchedSchema> => ({
  durable: "telegram-on-bot-matched",
  subjects: [subjectOf("bots", "bot.matched")],
  schema: BotMatchedSchema,
  apply: (trx, event) =>
    groups.postMatch(trx, event.payload, (err) =>
      log.warn({ err, bot: event.payload.botId }, "telegram refused a group post; not retried"),
    ),
});
