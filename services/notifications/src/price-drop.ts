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
    match: { ...matchOf(message.asset, message.chatId, message.id), drop: dropOf(message.content) },
  };
}

/**
 * The old and new price of the chat's note ("Price dropped: ₪7,500 → ₪6,900", chat's
 * priceDropText), so the title can be written in the recipient's language when it is sent.
 */
function dropOf(content: string): { from: number; to: number } | undefined {
  const m = /(\d[\d,]*)\D+?(\d[\d,]*)/.exec(content);
  return m ? { from: Number(m[1]?.replaceAll(",", "")), to: Number(m[2]?.replaceAll(",", "")) } : undefined;
}
