import type { ConsumerSpec } from "@dirabot/platform";
import { BotMemberRemoved } from "@dirabot/proto/events";
import type { NotificationsDb } from "./db.ts";
import type { DispatchesRepo } from "./delivery/dispatches.repo.ts";

/**
 * A member removed from a shared bot, or who left it, hears nothing more of it: their matches of
 * its chat held for quiet hours (so no digest carries them) or queued to be sent go. Their
 * notifications stay in their list, as history. Idempotent: deletes. A send already claimed by
 * a worker still goes; checking membership before each send would cost a call per send.
 */
export const onMemberRemoved = (
  dispatches: DispatchesRepo,
  suffix = "",
): ConsumerSpec<typeof BotMemberRemoved.schema, undefined, NotificationsDb> => ({
  durable: `notifications-on-member-removed${suffix}`,
  event: BotMemberRemoved,
  apply: async (trx, { payload }) => {
    // The owner is never removed from their own bot; a malformed event drops nothing of theirs.
    if (!payload.userId || !payload.chatId || payload.userId === payload.ownerId) return;
    await dispatches.dropChat(trx, payload.userId, payload.chatId);
  },
});
