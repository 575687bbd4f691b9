import { create } from "@bufbuild/protobuf";
import { SHARE_MESSAGES } from "@dirabot/api/messages.ts";
import { type Actor, AppError, type Outbox, retryingTransaction } from "@dirabot/platform";
import type {
  Bot,
  BotSearch,
  CreateBotRequest,
  NearChange,
  UpdateBotRequest,
} from "@dirabot/proto/bots/v1/bots_pb.js";
import { BotCreated, BotDeleted, BotUpdated } from "@dirabot/proto/events";
import { BotCreatedSchema, BotDeletedSchema, BotUpdatedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import { reach, reachShared } from "./access.ts";
import { toProto } from "./bot.row.ts";
import type { BotChanges, BotsRepo, NewBot } from "./bots.repo.ts";
import type { BotRow, Trx } from "./db.ts";
import type { MembersRepo } from "./members.repo.ts";
import { stageRemoved } from "./members.service.ts";
import type { NearRepo } from "./near.repo.ts";
import { checkNear, placesFor, type StoredNear, type StoredPlace } from "./near.ts";
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
  readonly #members: MembersRepo;
  readonly #near: NearRepo;
  constructor(repo: BotsRepo, outbox: Outbox, members: MembersRepo, near: NearRepo) {
    this.#repo = repo;
    this.#outbox = outbox;
    this.#members = members;
    this.#near = near;
  }

  /**
   * A bot for the actor: with a search (the add-bot wizard), watching it from the first moment and
   * validated as the settings form is; without one, with no areas yet. Its chat (chat_id, named after it) opens on
   * bot.created. With a Telegram group it also posts there, and the chat takes the group's title;
   * the user's bot for that group, when one exists, is answered instead of a second. An account
   * with MAX_BOTS bots gets limit_reached. With validateOnly the fields are checked and nothing
   * is written (undefined): the account's bots are not counted, as the group may already have one.
   */
  async create(
    a: Actor,
    name: string,
    desc: string,
    group?: TelegramGroup,
    choices: Choices & { search?: BotSearch; validateOnly?: boolean; near?: NearChange } = {},
  ): Promise<Bot | undefined> {
    const near = choices.near ? checkNear(choices.near.near) : [];
    // A group's title may be longer than a bot name may be: the name takes its first 100.
    const bot_name = botName(group ? [...name.trim()].slice(0, 100).join("") : name);
    const values = {
      user_id: a.userId,
      bot_name,
      chat_name: group?.chatName.trim() || bot_name,
      description: description(desc),
      telegram_chat_id: group ? telegramChat(group.chatId) : null,
      ...choiceColumns(choices),
      ...(choices.search ? searchColumns(choices.search) : {}),
    };
    if (choices.validateOnly) return undefined;
    const row = await this.#write(async (trx) => {
      const mine = await this.#repo.countOfLocked(trx, a.userId);
      const existing = values.telegram_chat_id
        ? await this.#repo.forGroup(trx, a.userId, values.telegram_chat_id)
        : undefined;
      if (existing) return existing;
      if (mine >= MAX_BOTS) throw new AppError("limit_reached", MESSAGES.limit);
      if (!near.length) return this.insert(trx, values);
      // The conditions are written before bot.created is staged: the event carries them.
      const rows = placesFor(near, await this.#near.placesOf(trx, a.userId));
      const bot = await this.#repo.insert(trx, values);
      const row = await this.#near.write(trx, bot, rows);
      await this.#outbox.stage(trx, BotCreated, create(BotCreatedSchema, { bot: toProto(row) }));
      return row;
    });
    return toProto(row);
  }

  /** Inserts and announces a bot inside the caller's transaction (the demo bot comes this way too). */
  async insert(trx: Trx, values: NewBot): Promise<BotRow> {
    const row = await this.#repo.insert(trx, values);
    await this.#outbox.stage(trx, BotCreated, create(BotCreatedSchema, { bot: toProto(row) }));
    return row;
  }

  async list(a: Actor, all: boolean): Promise<Bot[]> {
    if (all && !a.admin) throw new AppError("permission_denied", "Admin access required");
    const rows = await this.#repo.list(all ? undefined : a.userId);
    return this.#answer(rows);
  }

  /** Admins only: the bots a user owns and those shared with them, with their members. */
  async listOfUser(a: Actor, userId: string): Promise<Bot[]> {
    if (!a.admin) throw new AppError("permission_denied", "Admin access required");
    if (!userId) throw new AppError("invalid_argument", "User not found");
    return this.#answer(await this.#repo.list(userId));
  }

  /** The owner's, a member's (a bot shared with them) or an admin's. */
  async get(a: Actor, id: string): Promise<Bot> {
    const { bot } = await reachShared(this.#repo, this.#members, a, id);
    return (await this.#answer([bot]))[0] as Bot;
  }

  /** Bots as answers show them: with their posts and members. */
  async #answer(rows: BotRow[]): Promise<Bot[]> {
    const ids = rows.map((r) => r.id);
    const [posts, members] = await Promise.all([this.#repo.postsOf(ids), this.#members.of(ids)]);
    return rows.map((r) =>
      toProto(
        r,
        posts.get(r.id),
        (members.get(r.id) ?? []).map((m) => m.userId),
      ),
    );
  }

  /**
   * The settings dialog's whole form. The chat keeps its own name unless it was the bot's. A
   * member changes the search only while the owner lets members (`members_may_edit`), and never
   * that switch nor `members_may_invite`.
   */
  async update(a: Actor, r: UpdateBotRequest): Promise<Bot> {
    const near = r.near ? checkNear(r.near.near) : undefined;
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
      const { bot: before, role } = await reachShared(this.#repo, this.#members, a, r.id, trx);
      if (role === "member" && !before.members_may_edit)
        throw new AppError("permission_denied", SHARE_MESSAGES.membersMayNotEdit);
      if (r.membersMayEdit !== undefined && r.membersMayEdit !== before.members_may_edit) {
        if (role === "member") throw new AppError("permission_denied", SHARE_MESSAGES.ownerOnly);
        changes.members_may_edit = r.membersMayEdit;
      }
      if (r.membersMayInvite !== undefined && r.membersMayInvite !== before.members_may_invite) {
        if (role === "member") throw new AppError("permission_denied", SHARE_MESSAGES.ownerOnly);
        changes.members_may_invite = r.membersMayInvite;
      }
      if (name !== undefined) {
        changes.bot_name = name;
        if (before.chat_name === before.bot_name) changes.chat_name = name;
      }
      let row = await this.#repo.update(trx, before.id, changes);
      // The owner's places decide, whoever edits (an admin sets conditions on the owner's places).
      if (near !== undefined)
        row = await this.#near.write(trx, row, placesFor(near, await this.#near.placesOf(trx, row.user_id)));
      await this.#outbox.stage(trx, BotUpdated, create(BotUpdatedSchema, { bot: toProto(row) }));
      return row;
    });
    return (await this.#answer([row]))[0] as Bot;
  }

  async delete(a: Actor, id: string): Promise<void> {
    await this.#write(async (trx) => {
      const bot = await reach(this.#repo, a, id, trx);
      await this.#repo.delete(trx, bot.id);
      await this.announceDeleted(trx, [bot]);
      await stageRemoved(this.#outbox, trx, bot, await this.#members.forgetBot(trx, bot.id));
    });
  }

  /**
   * Every bot of a user goes (their account was deleted), with its members, and the user leaves
   * the bots shared with them; idempotent: none left is fine.
   */
  async deleteAllOf(trx: Trx, userId: string): Promise<void> {
    const gone = await this.#repo.deleteOfUser(trx, userId);
    await this.announceDeleted(trx, gone);
    for (const bot of gone)
      await stageRemoved(this.#outbox, trx, bot, await this.#members.forgetBot(trx, bot.id));
    for (const botId of await this.#members.forgetUser(trx, userId)) {
      const bot = await this.#repo.get(botId, trx);
      if (bot) await stageRemoved(this.#outbox, trx, bot, [userId]);
    }
  }

  async announceDeleted(trx: Trx, bots: BotRow[]): Promise<void> {
    await this.#outbox.stageMany(
      trx,
      BotDeleted,
      bots.map((b) => create(BotDeletedSchema, { botId: b.id, userId: b.user_id, chatId: b.chat_id })),
    );
  }

  /**
   * A user's new list of places (user.places_changed), kept when newer than the one held. Their
   * bots' conditions follow: a moved or renamed place moves its conditions, a deleted place's
   * conditions go (the bot then matches as if it never had them), each changed bot announced.
   */
  async placesChanged(trx: Trx, userId: string, version: number, places: StoredPlace[]): Promise<void> {
    if (!(await this.#near.keepPlaces(trx, userId, version, places))) return;
    for (const bot of await this.#near.botsWithNear(trx, userId)) {
      const kept = bot.near.filter((n: StoredNear) => places.some((p) => p.id === n.placeId));
      const row = await this.#near.write(trx, bot, placesFor(kept, places));
      await this.#outbox.stage(trx, BotUpdated, create(BotUpdatedSchema, { bot: toProto(row) }));
    }
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

/** A search's columns, refused (invalid_argument) as the settings form refuses it. */
function searchColumns(s: BotSearch) {
  return {
    ...criteria({
      codes: s.neighborhoodCodes,
      priceMin: s.priceMin,
      priceMax: s.priceMax,
      minRooms: s.minRooms,
    }),
    merchant: s.merchant ?? null,
  };
}

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
