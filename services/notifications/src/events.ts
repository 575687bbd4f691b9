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
  legacy = false,
): ConsumerSpec<typeof ChatMessageCreatedSchema> => ({
  // The chat service publishes as type "chat.message.created" today, one token more than the
  // contract's subject (events/v1/chat.proto): a second consumer takes those until it follows it.
  durable: legacy ? "notifications-on-chat-message-created" : "notifications-on-message-created",
  subjects: [subjectOf("chat", legacy ? "chat.message.created" : "message.created")],
  schema: ChatMessageCreatedSchema,
  apply: async (trx, { payload }) => {
    const message = payload.message;
    if (message?.type !== "asset" || !payload.userId) return;
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
