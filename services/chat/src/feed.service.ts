import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Logger, Outbox } from "@dirabot/platform";
import type { Bot } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { BotDeleted } from "@dirabot/proto/events/v1/bots_pb.js";
import type { ListingMatched } from "@dirabot/proto/events/v1/matches_pb.js";
import { isUuid } from "./access.ts";
import { stageMessagesCreated } from "./announce.ts";
import { assetLine } from "./asset-line.ts";
import type { BumpedChat, ChatsRepo } from "./chats.repo.ts";
import type { Trx } from "./db.ts";
import type { FreshnessRepo } from "./freshness.repo.ts";
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
  readonly #freshness: FreshnessRepo;
  readonly #outbox: Outbox;
  readonly #log: Logger;
  constructor(deps: {
    chats: ChatsRepo;
    messages: MessagesRepo;
    freshness: FreshnessRepo;
    outbox: Outbox;
    log: Logger;
  }) {
    this.#chats = deps.chats;
    this.#messages = deps.messages;
    this.#freshness = deps.freshness;
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

  /** bot.member_added / bot.member_removed: the person reads the chat, or no longer does. */
  async memberChanged(
    trx: Trx,
    e: { chatId: string; userId: string },
    active: boolean,
    at: Date,
  ): Promise<void> {
    if (!isUuid(e.chatId) || !e.userId) return;
    await this.#chats.lock(trx, e.chatId);
    if (active && (await this.#chats.isDeleted(trx, e.chatId))) return;
    await this.#chats.members.apply(trx, e.chatId, e.userId, active, at);
  }

  async botDeleted(trx: Trx, e: BotDeleted): Promise<void> {
    if (!isUuid(e.chatId)) return;
    await this.#chats.lock(trx, e.chatId);
    await this.#chats.remove(trx, e.chatId);
  }

  /**
   * Each match of a listing becomes an asset message in its bot's chat, all in this one
   * transaction and a few statements whatever their number: the chats' locks in sorted order,
   * the tombstones, the chats opened from what the event says (a match may come before
   * bot.created was applied), the messages, the chats' last message and unread count, and the
   * messages written announced together (`messages.created`, at most 500 an event). The unique
   * (chat_id, canonical_id) constraint turns a chat's repeat of a listing group into a no-op:
   * only a real insert counts as unread and is announced (a listing's first matches, `lane`
   * "first", on a subject of their own). Answers how many messages were written.
   */
  async listingMatched(trx: Trx, e: ListingMatched, lane: "" | "first" = ""): Promise<number> {
    const listing = e.listing;
    const valid = e.matches.filter((m) => isUuid(m.chatId) && isUuid(m.botId));
    if (!listing || valid.length < e.matches.length)
      this.#log.warn(
        { listing: listing?.id, ignored: e.matches.length - valid.length },
        "listing.matched without a listing or with invalid ids: those matches ignored",
      );
    if (!listing || !valid.length) return 0;
    const byChat = new Map(valid.map((m) => [m.chatId, m]));
    const ids = [...byChat.keys()];
    await this.#chats.lockMany(trx, ids);
    const deleted = await this.#chats.deletedAmong(trx, ids);
    const open = ids.filter((id) => !deleted.has(id));
    if (!open.length) return 0;
    await this.#chats.ensureMany(
      trx,
      open.map((id) => {
        const m = byChat.get(id) as (typeof valid)[number];
        return { id, bot_id: m.botId, bot_name: m.botName, user_id: m.userId };
      }),
    );
    const group = listing.canonicalId || listing.id;
    const messages = await this.#messages.insertAssetMany(trx, open, {
      content: assetLine(listing),
      asset: assetJson(listing),
      canonical_id: isUuid(group) ? group : null,
    });
    const first = messages[0];
    if (!first) return 0;
    // The group's first message anywhere is its delivery to the first matched user: freshness.
    // A match on facts learnt late waited for the source's details, not for us: not counted.
    if (first.canonical_id && listing.postedAt)
      await this.#freshness.recordFirst(trx, {
        canonicalId: first.canonical_id,
        source: listing.source,
        postedAt: timestampDate(listing.postedAt),
        live: !e.backfill && !e.lateFacts,
      });
    const chats = await this.#chats.bumpMany(trx, messages);
    // A shared bot's members are told too, each with their own unread count.
    const counts = new Map<string, number>();
    for (const m of messages) counts.set(m.chat_id, (counts.get(m.chat_id) ?? 0) + 1);
    const members = await this.#chats.members.bump(trx, counts);
    await stageMessagesCreated(
      this.#outbox,
      trx,
      messages.map((message) => ({
        chat: chats.get(message.chat_id) as BumpedChat,
        message,
        members: members.get(message.chat_id),
      })),
      e.backfill,
      listing,
      lane,
    );
    return messages.length;
  }
}
