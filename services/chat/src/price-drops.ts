import type { ConsumerSpec, Locale, Logger, Outbox } from "@dirabot/platform";
import { shekels } from "@dirabot/platform";
import { BotPriceDropped, type PayloadOf } from "@dirabot/proto/events";
import { isUuid } from "./access.ts";
import { stageMessageCreated } from "./announce.ts";
import type { ChatsRepo } from "./chats.repo.ts";
import type { ChatDb, Trx } from "./db.ts";
import type { MessagesRepo } from "./messages.repo.ts";
import { assetJson } from "./proto.ts";

/**
 * The text of a price-drop message in the chat owner's language: "Price dropped: ₪7,500 → ₪6,900";
 * in Hebrew the arrow points left, the way a right-to-left line reads from the old price to the new.
 */
export const priceDropText = (oldPrice: number, newPrice: number, locale: Locale = "en") =>
  locale === "he"
    ? `המחיר ירד: ${shekels("he", oldPrice)} ← ${shekels("he", newPrice)}`
    : `Price dropped: ${shekels("en", oldPrice)} → ${shekels("en", newPrice)}`;

/**
 * A drop of a flat the bot had posted becomes a message of its own in the bot's chat, carrying
 * the flat at its new price. The bots service stages one event per drop and bot; the inbox makes
 * a redelivered one a no-op. It counts as unread and is announced like any message.
 */
export async function postPriceDrop(
  deps: { chats: ChatsRepo; messages: MessagesRepo; outbox: Outbox; log: Logger },
  trx: Trx,
  e: PayloadOf<typeof BotPriceDropped>,
  locale: Locale = "en",
): Promise<boolean> {
  if (!e.listing || !isUuid(e.chatId) || !isUuid(e.botId) || e.newPrice >= e.oldPrice) {
    deps.log.warn(
      { bot: e.botId, chat: e.chatId },
      "bot.price_dropped without a listing, valid ids or a drop ignored",
    );
    return false;
  }
  await deps.chats.lock(trx, e.chatId);
  if (await deps.chats.isDeleted(trx, e.chatId)) return false;
  await deps.chats.ensure(trx, { id: e.chatId, bot_id: e.botId, bot_name: e.botName, user_id: e.userId });
  const message = await deps.messages.insert(trx, {
    chat_id: e.chatId,
    content: priceDropText(e.oldPrice, e.newPrice, locale),
    type: "price_drop",
    sender: null,
    temp_id: "",
    asset: assetJson(e.listing),
    canonical_id: null,
  });
  if (!message) return false;
  const chat = await deps.chats.bump(trx, e.chatId, message, true);
  const members = await deps.chats.members.bump(trx, new Map([[e.chatId, 1]]));
  await stageMessageCreated(deps.outbox, trx, chat, message, members.get(e.chatId));
  return true;
}

/** The chat service's consumer of `bot.price_dropped`. */
export const priceDropConsumer = (deps: {
  chats: ChatsRepo;
  messages: MessagesRepo;
  outbox: Outbox;
  log: Logger;
  /** The owner's language (identity's), read before the transaction; English when identity is away. */
  localeOf?: (userId: string) => Promise<Locale>;
}): ConsumerSpec<typeof BotPriceDropped.schema, Locale, ChatDb> => ({
  durable: "chat-on-bot-price-dropped",
  event: BotPriceDropped,
  prepare: async (e) => (deps.localeOf ? deps.localeOf(e.payload.userId) : "en"),
  apply: async (trx, e, _attempt, locale) => {
    await postPriceDrop(deps, trx, e.payload, locale);
  },
  after: () => deps.outbox.kick(), // chat.messages.created goes out now, not at the next relay poll
});
