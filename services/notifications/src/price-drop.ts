import type { ChatMessageCreated } from "@dirabot/proto/events/v1/chat_pb.js";
import { matchOf, matchSummary, matchUrl } from "./match-summary.ts";
import type { NewNotification } from "./notifications.repo.ts";

/**
 * A price drop of a flat a bot sent (a `price_drop` message in its chat) notifies the chat's owner
 * as a match does: a property_match notification — so the same quiet hours, Telegram choice and
 * push apply — titled with the drop ("Price dropped: ₪7,500 → ₪6,900"), its body the flat at its
 * new price, opening the note in the chat. It arrives in `messages.created` like every message
 * (`events.ts`), so the inbox makes it once however often the event arrives.
 */
export function priceDropNotification({ message, userId }: ChatMessageCreated): NewNotification | undefined {
  if (message?.type !== "price_drop" || !userId) return undefined;
  return {
    user_id: userId,
    title: message.content.slice(0, 200),
    body: matchSummary(message.asset),
    type: "property_match",
    url: matchUrl(message.chatId, message.id),
    match: matchOf(message.asset, message.chatId, message.id),
  };
}
