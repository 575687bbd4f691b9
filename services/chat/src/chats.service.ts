import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { type Actor, AppError, asActor } from "@dirabot/platform";
import type { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import {
  type Chat,
  type Message,
  type ReadMark,
  type UserChats,
  UserChatsSchema,
} from "@dirabot/proto/chat/v1/chat_pb.js";
import { chatNotFound, isUuid, mayRead, notOwner, reach } from "./access.ts";
import type { ChatsRepo } from "./chats.repo.ts";
import type { ChatRow, Db } from "./db.ts";
import type { FeedService } from "./feed.service.ts";
import type { MessagesRepo } from "./messages.repo.ts";
import { chatToProto } from "./proto.ts";
import type { VotesService } from "./votes.service.ts";

export const PAGE_SIZE = 20;
/** The API's SHARE_MESSAGES.ownerOnly (the service knows nothing of the gateway's contract). */
const OWNER_ONLY = "Only the bot's owner can do this";
export const MAX_PAGE_SIZE = 100;

/** Chats as their owner (or an admin) sees them: lists, a page of messages, favourites. */
export class ChatsService {
  readonly #db: Db;
  readonly #chats: ChatsRepo;
  readonly #messages: MessagesRepo;
  readonly #feed: FeedService;
  readonly #bots: Client<typeof BotsService>;
  readonly #votes: VotesService;
  constructor(deps: {
    db: Db;
    chats: ChatsRepo;
    messages: MessagesRepo;
    feed: FeedService;
    bots: Client<typeof BotsService>;
    votes: VotesService;
  }) {
    this.#db = deps.db;
    this.#chats = deps.chats;
    this.#messages = deps.messages;
    this.#feed = deps.feed;
    this.#bots = deps.bots;
    this.#votes = deps.votes;
  }

  /**
   * Chat rows with their last messages and members, in two extra queries; `actor` given, a
   * shared bot's member sees their own unread count (an admin, the owner's).
   */
  async #withLast(rows: ChatRow[], actor?: Actor): Promise<Chat[]> {
    const ids = rows.map((r) => r.last_message_id).filter((id): id is string => id !== null);
    const [last, members] = await Promise.all([
      this.#messages.byIds(ids),
      this.#chats.members.of(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => {
      const people = members.get(r.id) ?? [];
      const mine = actor && notOwner(actor, r) ? people.find((m) => m.user_id === actor.userId) : undefined;
      return chatToProto(r, r.last_message_id ? last.get(r.last_message_id) : undefined, {
        memberIds: people.map((m) => m.user_id),
        unreadCount: mine?.unread_count,
      });
    });
  }

  /** The actor's chats and those of the bots shared with them. */
  async list(actor: Actor): Promise<Chat[]> {
    const shared = await this.#chats.members.chatsOf(actor.userId);
    return this.#withLast(await this.#chats.ofUser(actor.userId, [...shared.keys()]), actor);
  }

  /** Page 1 is the newest `limit` messages in time order, page 2 the `limit` before them, and so on. */
  async get(
    actor: Actor,
    chatId: string,
    page: number,
    limit: number,
  ): Promise<{ chat: Chat; messages: Message[]; total: number; readMarks: ReadMark[] }> {
    const chat = await reach(this.#chats, actor, chatId);
    const size = limit <= 0 ? PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
    const offset = (Math.max(page, 1) - 1) * size;
    const [rows, total, [withLast], readMarks, stars] = await Promise.all([
      this.#messages.page(chat.id, offset, size),
      this.#messages.count(chat.id),
      this.#withLast([chat], actor),
      this.#votes.marks(chat),
      notOwner(actor, chat) ? this.#chats.members.starredIds(chat.id, actor.userId) : undefined,
    ]);
    // Stars are each person's: someone other than the owner sees their own.
    const mine = stars ? rows.map((r) => ({ ...r, starred: stars.has(r.id) })) : rows;
    const messages = await this.#votes.decorate(chat, mine);
    return { chat: withLast as Chat, messages, total, readMarks };
  }

  /**
   * The chat of one of the actor's bots. Normally bot.created opened it already; if that event
   * is not applied yet, the bot is fetched (outside any transaction: no remote call holds locks)
   * and the chat opened from it, the way the event would have.
   */
  async create(a: Actor, botId: string): Promise<Chat> {
    const existing = isUuid(botId) ? await this.#chats.byBot(botId) : undefined;
    if (existing) {
      if (!mayRead(a, existing) && !(await this.#chats.members.isMember(existing.id, a.userId)))
        throw new AppError("not_found", "Bot not found");
      return (await this.#withLast([existing], a))[0] as Chat;
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

  /** The favourite mark is the owner's: a member is refused. */
  async toggleFavorite(actor: Actor, chatId: string): Promise<Chat> {
    const chat = await reach(this.#chats, actor, chatId);
    if (notOwner(actor, chat) && !actor.admin) throw new AppError("permission_denied", OWNER_ONLY);
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

  /** The socket's chat:join check: owner, member or admin; unknown chats are not readable. */
  async canRead(a: Actor, chatId: string): Promise<boolean> {
    try {
      await reach(this.#chats, a, chatId);
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === chatNotFound().code) return false;
      throw err;
    }
  }
}
