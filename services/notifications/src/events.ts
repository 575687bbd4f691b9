import type { ConsumerSpec, Outbox } from "@dirabot/platform";
import { subjectOf } from "@dirabot/platform";
import { ChatMessageCreatedSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { UserDeletedSchema } from "@dirabot/proto/events/v1/identity_pb.js";
import { matchSummary, matchTitle } from "./match-summary.ts";
import type { NotificationsRepo } from "./notifications.repo.ts";
import type { NotificationsService } from "./notifications.service.ts";

/**
 * An asset message in a bot's chat becomes a property_match notification for the chat's owner.
 * The inbox makes it once per message event, however often the event arrives; the notification's
 * own event is staged in the same transaction and relayed after the commit.
 */
export const onMessageCreated = (
  service: NotificationsService,
  outbox: Outbox,
): ConsumerSpec<typeof ChatMessageCreatedSchema> => ({
  durable: "notifications-on-message-created",
  subjects: [subjectOf("chat", "message.created")],
  schema: ChatMessageCreatedSchema,
  apply: async (trx, { payload }) => {
    const message = payload.message;
    // A new bot's recent listings arrive as a burst the user is looking at: no notification each.
    if (message?.type !== "asset" || !payload.userId || payload.backfill) return;
    await service.insert(trx, {
      user_id: payload.userId,
      title: matchTitle(payload.botName),
      body: matchSummary(message.asset),
      type: "property_match",
      url: `/chats/${message.chatId}`,
    });
  },
  after: () => outbox.kick(),
});

/** A deleted user's notifications go with them (deleting nothing is fine). */
export const onUserDeleted = (repo: NotificationsRepo): ConsumerSpec<typeof UserDeletedSchema> => ({
  durable: "notifications-on-user-deleted",
  subjects: [subjectOf("identity", "user.deleted")],
  schema: UserDeletedSchema,
  apply: (trx, event) => repo.forget(trx, event.payload.userId),
});
