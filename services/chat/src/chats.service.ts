import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { type Actor, AppError, asActor } from "@dirabot/platform";
import type { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { type Chat, type Message, type UserChats, UserChatsSchema } from "@dirabot/proto/chat/v1/chat_pb.js";
import { isUuid, mayRead, reach } from "./access.ts";
import type { ChatsRepo } from "./chats.repo.ts";
import type { ChatRow, Db } from "./db.ts";
import type { FeedService } from "./feed.service.ts";
import type { MessagesRepo } from "./messages.repo.ts";
import { chatToProto, messageToProto } from "./proto.ts";

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Chats as their owner (or an admin) sees them: lists, a page of messages, favourites. */
export class ChatsService {
  readonly #db: Db;
  readonly #chats: ChatsRepo;
  readonly #messages: MessagesRepo;
  readonly #feed: FeedService;
  readonly #bots: Client<typeof BotsService>;
  constructor(deps: {
    db: Db;
    chats: ChatsRepo;
    messages: MessagesRepo;
    feed: FeedService;
    bots: Client<typeof BotsService>;
  }) {
    this.#db = deps.db;
    this.#chats = deps.chats;
    this.#messages = deps.messages;
    this.#feed = deps.feed;
    this.#bots = deps.bots;
  }

  /** Chat rows with their last messages, in one extra query. */
  async #withLast(rows: ChatRow[]): Promise<Chat[]> {
    const ids = rows.map((r) => r.last_message_id).filter((id): id is string => id !== null);
    const last = await this.#messages.byIds(ids);
    return rows.map((r) => chatToProto(r, r.last_message_id ? last.get(r.last_message_id) : undefined));
  }

  async list(actor: Actor): Promise<Chat[]> {
    return this.#withLast(await this.#chats.ofUser(actor.userId));
  }

  /** Page 1 is the newest `limit` messages in time order, page 2 the `limit` before them, and so on. */
  async get(
    actor: Actor,
    chatId: string,
    page: number,
    limit: number,
  ): Promise<{ chat: Chat; messages: Message[]; total: number }> {
    const chat = await reach(this.#chats, actor, chatId);
    const size = limit <= 0 ? PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
    const offset = (Math.max(page, 1) - 1) * size;
    const [rows, total, [withLast]] = await Promise.all([
      this.#messages.page(chat.id, offset, size),
      this.#messages.count(chat.id),
      this.#withLast([chat]),
    ]);
    return { chat: withLast as Chat, messages: rows.map(messageToProto), total };
  }

  /**
   * The chat of one of the actor's bots. Normally bot.created opened it already; if that event
   * is not applied yet, the bot is fetched (outside any transaction: no remote call holds locks)
   * and the chat opened from it, the way the event would have.
   */
  async create(a: Actor, botId: string): Promise<Chat> {
    const existing = isUuid(botId) ? await this.#chats.byBot(botId) : undefined;
    if (existing) {
      if (!mayRead(a, existing)) throw new AppError("not_found", "Bot not found");
      return (await this.#withLast([existing]))[0] as Chat;
    }
    if (!isUuid(botId)) throw new AppError("not_found", "Bot not found");
    // The bots service's NOT_FOUND (an unknown bot, another user's) passes through as it is.
    const { bot } = await this.#bots.getBot({ id: botId }, asActor(a));
    if (!bot) throw new AppError("not_found", "Bot not found");
    await this.#db.transaction().execute((trx) => this.#feed.botSeen(trx, bot, new Date()));
    const chat = await this.#chats.get(bot.chatId);
    if (!chat) throw new AppError("not_found", "Bot not found"); // deleted meanwhile
    return (await this.#withLast([chat]))[0] as Chat;
  }

  async toggleFavorite(actor: Actor, chatId: string): Promise<Chat> {
    const chat = await reach(this.#chats, actor, chatId);
    const row = await this.#chats.toggleFavorite(chat.id);
    if (!row) throw new AppError("not_found", "Chat not found");
    return (await this.#withLast([row]))[0] as Chat;
  }

  /** Admins only: every chat, grouped by owner. */
  async allGrouped(actor: Actor): Promise<UserChats[]> {
    if (!actor.admin) throw new AppError("permission_denied", "Admin access required");
    const chats = await this.#withLast(await this.#chats.all());
    const groups = new Map<string, UserChats>();
    for (const c of chats) {
      const g = groups.get(c.userId) ?? create(UserChatsSchema, { userId: c.userId });
      g.chats.push(c);
      groups.set(c.userId, g);
    }
    return [...groups.values()];
  }

  /** The socket's chat:join check: owner or admin; unknown chats are not readable. */
  async canRead(a: Actor, chatId: string): Promise<boolean> {
    const chat = isUuid(chatId) ? await this.#chats.get(chatId) : undefined;
    return chat !== undefined && mayRead(a, chat);
  }
}
