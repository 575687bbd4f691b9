import type { ConsumerSpec, Outbox } from "@dirabot/platform";
import { subjectOf } from "@dirabot/platform";
import { ChatMessageCreatedSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { matchOf, matchSummary, matchUrl } from "./match-summary.ts";
import type { NotificationsService } from "./notifications.service.ts";

/**
 * A price drop of a flat a bot sent (a `price_drop` message in its chat) notifies the chat's owner
 * as a match does: a property_match notification — so the same quiet hours, Telegram choice and
 * push apply — titled with the drop ("Price dropped: ₪7,500 → ₪6,900"), its body the flat at its
 * new price, opening the note in the chat. The inbox makes it once per message however often the
 * event arrives.
 */
export const onPriceDrop = (
  service: NotificationsService,
  outbox: Outbox,
  suffix = "",
): ConsumerSpec<typeof ChatMessageCreatedSchema> => ({
  durable: `notifications-on-price-drop${suffix}`,
  subjects: [subjectOf("chat", "message.created")],
  schema: ChatMessageCreatedSchema,
  apply: async (trx, { payload }) => {
    const message = payload.message;
    if (message?.type !== "price_drop" || !payload.userId) return;
    await service.insert(trx, {
      user_id: payload.userId,
      title: message.content.slice(0, 200),
      body: matchSummary(message.asset),
      type: "property_match",
      url: matchUrl(message.chatId, message.id),
      match: matchOf(message.asset, message.chatId, message.id),
    });
  },
  after: () => outbox.kick(),
});
