import { create } from "@bufbuild/protobuf";
import { type Actor, AppError, type Outbox } from "@dirabot/platform";
import { retryingTransaction } from "@dirabot/platform/db/retry.ts";
import type { Bot, CreateBotRequest, UpdateBotRequest } from "@dirabot/proto/bots/v1/bots_pb.js";
import { BotCreatedSchema, BotDeletedSchema, BotUpdatedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import { reach } from "./access.ts";
import { toProto } from "./bot.row.ts";
import type { BotChanges, BotsRepo, NewBot } from "./bots.repo.ts";
import type { BotRow, Trx } from "./db.ts";
import { botName, criteria, description, MESSAGES, type TelegramGroup, telegramChat } from "./validate.ts";

/** The most bots one account may have (each multiplies the matches the product sends); MESSAGES.limit says it. */
export const MAX_BOTS = 25;

/**
 * The bots' rules: who reaches which bot, the settings form's validation, and the events each
 * change announces (staged in the change's own transaction, published after it commits).
 */
export class BotsService {
  readonly #repo: BotsRepo;
  readonly #outbox: Outbox;
  constructor(repo: BotsRepo, outbox: Outbox) {
    this.#repo = repo;
    this.#outbox = outbox;
  }

  /**
   * A bot for the actor, with no areas yet; its chat (chat_id, named after it) opens on
   * bot.created. With a Telegram group it also posts there, and the chat takes the group's title;
   * the user's bot for that group, when one exists, is answered instead of a second. An account
   * with MAX_BOTS bots gets limit_reached.
   */
  async create(
    a: Actor,
    name: string,
    desc: string,
    group?: TelegramGroup,
    choices: Choices = {},
  ): Promise<Bot> {
    // A group's title may be longer than a bot name may be: the name takes its first 100.
    const bot_name = botName(group ? [...name.trim()].slice(0, 100).join("") : name);
    const values = {
      user_id: a.userId,
      bot_name,
      chat_name: group?.chatName.trim() || bot_name,
      description: description(desc),
      telegram_chat_id: group ? telegramChat(group.chatId) : null,
      ...choiceColumns(choices),
    };
    const row = await this.#write(async (trx) => {
      const mine = await this.#repo.countOfLocked(trx, a.userId);
      const existing = values.telegram_chat_id
        ? await this.#repo.forGroup(trx, a.userId, values.telegram_chat_id)
        : undefined;
      if (existing) return existing;
      if (mine >= MAX_BOTS) throw new AppError("limit_reached", MESSAGES.limit);
      return this.insert(trx, values);
    });
    return toProto(row);
  }

  /** Inserts and announces a bot inside the caller's transaction (the demo bot comes this way too). */
  async insert(trx: Trx, values: NewBot): Promise<BotRow> {
    const row = await this.#repo.insert(trx, values);
    await this.#outbox.stage(
      trx,
      "bot.created",
      BotCreatedSchema,
      create(BotCreatedSchema, { bot: toProto(row) }),
    );
    return row;
  }

  async list(a: Actor, all: boolean): Promise<Bot[]> {
    if (all && !a.admin) throw new AppError("permission_denied", "Admin access required");
    const rows = await this.#repo.list(all ? undefined : a.userId);
    const seen = await this.#repo.seenPosts(rows.map((r) => r.id));
    return rows.map((r) => toProto(r, seen.get(r.id)));
  }

  async get(a: Actor, id: string): Promise<Bot> {
    const row = await reach(this.#repo, a, id);
    const seen = await this.#repo.seenPosts([row.id]);
    return toProto(row, seen.get(row.id));
  }

  /** The settings dialog's whole form. The chat keeps its own name unless it was the bot's. */
  async update(a: Actor, r: UpdateBotRequest): Promise<Bot> {
    const name = r.botName === undefined ? undefined : botName(r.botName);
    const desc = r.description === undefined ? undefined : description(r.description);
    const changes: BotChanges = {
      ...criteria({
        codes: r.neighborhoodCodes,
        priceMin: r.priceMin,
        priceMax: r.priceMax,
        minRooms: r.minRooms,
      }),
      active: r.active,
      merchant: r.merchant ?? null,
      ...choiceColumns(r),
    };
    if (desc !== undefined) changes.description = desc;
    const row = await this.#write(async (trx) => {
      const before = await reach(this.#repo, a, r.id, trx);
      if (name !== undefined) {
        changes.bot_name = name;
        if (before.chat_name === before.bot_name) changes.chat_name = name;
      }
      const row = await this.#repo.update(trx, before.id, changes);
      await this.#outbox.stage(
        trx,
        "bot.updated",
        BotUpdatedSchema,
        create(BotUpdatedSchema, { bot: toProto(row) }),
      );
      return row;
    });
    const seen = await this.#repo.seenPosts([row.id]);
    return toProto(row, seen.get(row.id));
  }

  async delete(a: Actor, id: string): Promise<void> {
    await this.#write(async (trx) => {
      const bot = await reach(this.#repo, a, id, trx);
      await this.#repo.delete(trx, bot.id);
      await this.announceDeleted(trx, [bot]);
    });
  }

  /** Every bot of a user goes (their account was deleted); idempotent: none left is fine. */
  async deleteAllOf(trx: Trx, userId: string): Promise<void> {
    await this.announceDeleted(trx, await this.#repo.deleteOfUser(trx, userId));
  }

  async announceDeleted(trx: Trx, bots: BotRow[]): Promise<void> {
    await this.#outbox.stageMany(
      trx,
      "bot.deleted",
      BotDeletedSchema,
      bots.map((b) => create(BotDeletedSchema, { botId: b.id, userId: b.user_id, chatId: b.chat_id })),
    );
  }

  /** Admins count every bot, users their own. */
  count(a: Actor) {
    return this.#repo.count(a.admin ? undefined : a.userId);
  }

  watchedAreas(): Promise<number[]> {
    return this.#repo.watchedAreas();
  }

  async #write<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    const out = await retryingTransaction(this.#repo.db, fn);
    this.#outbox.kick();
    return out;
  }
}

/** A bot's must-haves and inclusions as a request gives them; what it leaves unset stays. */
export type Choices = Pick<CreateBotRequest, "filters" | "includeRooms" | "includeSublets">;

type ChoiceColumns = Partial<
  Pick<BotRow, "need_safe_room" | "need_parking" | "need_elevator" | "include_rooms" | "include_sublets">
>;

function choiceColumns(c: Choices): ChoiceColumns {
  const out: ChoiceColumns = {};
  if (c.filters) {
    out.need_safe_room = c.filters.safeRoom;
    out.need_parking = c.filters.parking;
    out.need_elevator = c.filters.elevator;
  }
  if (c.includeRooms !== undefined) out.include_rooms = c.includeRooms;
  if (c.includeSublets !== undefined) out.include_sublets = c.includeSublets;
  return out;
}
