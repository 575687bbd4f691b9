import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Logger, Outbox } from "@dirabot/platform";
import type { Bot } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { BotDeleted, BotMatched } from "@dirabot/proto/events/v1/bots_pb.js";
import { isUuid } from "./access.ts";
import { stageMessageCreated } from "./announce.ts";
import { assetLine } from "./asset-line.ts";
import type { ChatsRepo } from "./chats.repo.ts";
import type { Trx } from "./db.ts";
import type { MessagesRepo } from "./messages.repo.ts";
import { assetJson } from "./proto.ts";

/**
 * What the bots service's events do to chats. Each runs inside the consumer's transaction (the
 * inbox records the event there too), so an event applies once; events on different subjects
 * may come in any order, hence the upserts and the tombstone check everywhere.
 */
export class FeedService {
  readonly #chats: ChatsRepo;
  readonly #messages: MessagesRepo;
  readonly #outbox: Outbox;
  readonly #log: Logger;
  constructor(deps: { chats: ChatsRepo; messages: MessagesRepo; outbox: Outbox; log: Logger }) {
    this.#chats = deps.chats;
    this.#messages = deps.messages;
    this.#outbox = deps.outbox;
    this.#log = deps.log;
  }

  /** bot.created / bot.updated (and CreateChat's fallback): the chat exists, its name follows the bot. */
  async botSeen(trx: Trx, bot: Bot, at: Date): Promise<void> {
    if (!isUuid(bot.chatId) || !isUuid(bot.id)) {
      this.#log.warn({ bot: bot.id, chat: bot.chatId }, "bot event without a valid chat id ignored");
      return;
    }
    await this.#chats.lock(trx, bot.chatId);
    if (await this.#chats.isDeleted(trx, bot.chatId)) return;
    await this.#chats.upsert(trx, {
      id: bot.chatId,
      bot_id: bot.id,
      bot_name: bot.botName,
      user_id: bot.userId,
      bot_updated_at: bot.updatedAt ? timestampDate(bot.updatedAt) : at,
    });
  }

  async botDeleted(trx: Trx, e: BotDeleted): Promise<void> {
    if (!isUuid(e.chatId)) return;
    await this.#chats.lock(trx, e.chatId);
    await this.#chats.remove(trx, e.chatId);
  }

  /**
   * A match becomes an asset message, once per listing group: the unique (chat_id, canonical_id)
   * constraint turns a repeat into a no-op, and only a real insert counts as unread and is announced.
   */
  async matched(trx: Trx, e: BotMatched): Promise<boolean> {
    const listing = e.listing;
    if (!listing || !isUuid(e.chatId) || !isUuid(e.botId)) {
      this.#log.warn({ bot: e.botId, chat: e.chatId }, "bot.matched without a listing or valid ids ignored");
      return false;
    }
    await this.#chats.lock(trx, e.chatId);
    if (await this.#chats.isDeleted(trx, e.chatId)) return false;
    // The match may come before bot.created was applied: open the chat from what it says.
    await this.#chats.ensure(trx, { id: e.chatId, bot_id: e.botId, bot_name: e.botName, user_id: e.userId });
    const group = listing.canonicalId || listing.id;
    const message = await this.#messages.insert(trx, {
      chat_id: e.chatId,
      content: assetLine(listing),
      type: "asset",
      sender: null,
      temp_id: "",
      asset: assetJson(listing),
      canonical_id: isUuid(group) ? group : null,
    });
    if (!message) return false;
    const chat = await this.#chats.bump(trx, e.chatId, message, true);
    await stageMessageCreated(this.#outbox, trx, chat, message, e.backfill);
    return true;
  }
}
