import { randomBytes } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { SHARE_MESSAGES } from "@dirabot/api/messages.ts";
import { type Actor, AppError, type Outbox, retryingTransaction } from "@dirabot/platform";
import type { Bot, BotMember } from "@dirabot/proto/bots/v1/bots_pb.js";
import { BotMemberSchema } from "@dirabot/proto/bots/v1/bots_pb.js";
import { BotInvited, BotMemberAdded, BotMemberRemoved } from "@dirabot/proto/events";
import {
  BotInvitedSchema,
  BotMemberAddedSchema,
  BotMemberRemovedSchema,
} from "@dirabot/proto/events/v1/bots_pb.js";
import { reachShared } from "./access.ts";
import type { BotsRepo } from "./bots.repo.ts";
import type { BotsService } from "./bots.service.ts";
import type { BotRow, Trx } from "./db.ts";
import type { MembersRepo } from "./members.repo.ts";

/** How long an invite link stays good. */
export const INVITE_DAYS = 7;
/** The most members a bot may have: a household, not a public channel (SHARE_MESSAGES.membersLimit). */
export const MAX_MEMBERS = 10;

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;
const EMAIL_MAX = 254;

/**
 * Shared bots: invites, members, leaving. The owner (or a member the owner lets) invites (a link,
 * optionally bound to one e-mail); whoever accepts becomes a member; the owner removes members, a member leaves. Each
 * change is announced in its own transaction (bot.member_added / bot.member_removed).
 */
export class MembersService {
  readonly #repo: BotsRepo;
  readonly #members: MembersRepo;
  readonly #bots: BotsService;
  readonly #outbox: Outbox;
  readonly #now: () => Date;
  constructor(deps: {
    repo: BotsRepo;
    members: MembersRepo;
    bots: BotsService;
    outbox: Outbox;
    now?: () => Date;
  }) {
    this.#repo = deps.repo;
    this.#members = deps.members;
    this.#bots = deps.bots;
    this.#outbox = deps.outbox;
    this.#now = deps.now ?? (() => new Date());
  }

  /**
   * A new invite: by the owner, or by a member while the owner lets members invite. With an
   * e-mail only that account may accept it; when the gateway found that account (`inviteeId`),
   * it is told in the product (bot.invited, in the invite's transaction) unless it is the bot's
   * owner or a member already.
   */
  async invite(
    a: Actor,
    botId: string,
    email: string,
    inviteeId = "",
  ): Promise<{ token: string; expiresAt: Date; told: boolean }> {
    const { bot, role } = await reachShared(this.#repo, this.#members, a, botId);
    if (role === "admin") throw new AppError("permission_denied", SHARE_MESSAGES.ownerOnly);
    if (role === "member" && !bot.members_may_invite)
      throw new AppError("permission_denied", SHARE_MESSAGES.membersMayNotInvite);
    const bound = email.trim().toLowerCase();
    if (bound.length > EMAIL_MAX || (bound && !/^[^\s@]+@[^\s@]+$/.test(bound)))
      throw new AppError("invalid_argument", "Please enter a valid email address");
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(this.#now().getTime() + INVITE_DAYS * 86_400_000);
    const told = await this.#write(async (trx) => {
      await this.#members.addInvite(trx, {
        token,
        bot_id: bot.id,
        email: bound || null,
        expires_at: expiresAt,
      });
      const tell =
        bound &&
        inviteeId &&
        inviteeId !== bot.user_id &&
        !(await this.#members.isMember(bot.id, inviteeId, trx));
      if (tell)
        await this.#outbox.stage(
          trx,
          BotInvited,
          create(BotInvitedSchema, {
            botId: bot.id,
            botName: bot.bot_name,
            inviterId: a.userId,
            userId: inviteeId,
            token,
            expiresAt: timestampFromDate(expiresAt),
          }),
        );
      return Boolean(tell);
    });
    return { token, expiresAt, told };
  }

  /**
   * Makes the actor a member of the invite's bot, spending the invite. An unknown token, an
   * expired or spent one (unless spent by this same person: accepting twice is harmless), or one
   * bound to another e-mail is refused with its own code and words.
   */
  async accept(a: Actor, token: string, email: string): Promise<Bot> {
    if (!TOKEN.test(token)) throw new AppError("not_found", SHARE_MESSAGES.inviteUnknown);
    const botId = await this.#write(async (trx) => {
      const invite = await this.#members.inviteLocked(trx, token);
      const bot = invite ? await this.#repo.get(invite.bot_id, trx) : undefined;
      if (!invite || !bot) throw new AppError("not_found", SHARE_MESSAGES.inviteUnknown);
      if (invite.used_by === a.userId) return bot.id;
      if (invite.used_by) throw new AppError("invite_used", SHARE_MESSAGES.inviteUsed);
      if (invite.expires_at.getTime() <= this.#now().getTime())
        throw new AppError("invite_expired", SHARE_MESSAGES.inviteExpired);
      if (invite.email && invite.email !== email.trim().toLowerCase())
        throw new AppError("permission_denied", SHARE_MESSAGES.inviteOtherEmail);
      if (bot.user_id === a.userId) throw new AppError("already_exists", SHARE_MESSAGES.ownBot);
      await this.#members.spendInvite(trx, token, a.userId);
      const members = await this.#members.of([bot.id], trx);
      if ((members.get(bot.id)?.length ?? 0) >= MAX_MEMBERS)
        throw new AppError("limit_reached", SHARE_MESSAGES.membersLimit);
      if (await this.#members.add(trx, bot.id, a.userId)) await this.#announceAdded(trx, bot, a.userId);
      return bot.id;
    });
    return this.#bots.get(a, botId);
  }

  /** The owner first, then the members, oldest first: for the owner, a member or an admin. */
  async list(a: Actor, botId: string): Promise<BotMember[]> {
    const { bot } = await reachShared(this.#repo, this.#members, a, botId);
    const members = (await this.#members.of([bot.id])).get(bot.id) ?? [];
    return [
      create(BotMemberSchema, {
        userId: bot.user_id,
        role: "owner",
        addedAt: timestampFromDate(bot.created_at),
      }),
      ...members.map((m) =>
        create(BotMemberSchema, { userId: m.userId, role: "member", addedAt: timestampFromDate(m.addedAt) }),
      ),
    ];
  }

  /** The owner (or an admin) removes a member; a member removes themself. */
  async remove(a: Actor, botId: string, userId: string): Promise<void> {
    await this.#write(async (trx) => {
      const { bot, role } = await reachShared(this.#repo, this.#members, a, botId, trx);
      if (userId === bot.user_id) throw new AppError("failed_precondition", SHARE_MESSAGES.ownerStays);
      if (role === "member" && userId !== a.userId)
        throw new AppError("permission_denied", SHARE_MESSAGES.ownerOnly);
      if (!(await this.#members.remove(trx, bot.id, userId)))
        throw new AppError("not_found", SHARE_MESSAGES.memberNotFound);
      await this.#announceRemoved(trx, bot, [userId]);
    });
  }

  async #announceAdded(trx: Trx, bot: BotRow, userId: string): Promise<void> {
    await this.#outbox.stage(
      trx,
      BotMemberAdded,
      create(BotMemberAddedSchema, { botId: bot.id, chatId: bot.chat_id, ownerId: bot.user_id, userId }),
    );
  }

  #announceRemoved(trx: Trx, bot: BotRow, userIds: string[]): Promise<void> {
    return stageRemoved(this.#outbox, trx, bot, userIds);
  }

  async #write<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    const out = await retryingTransaction(this.#repo.db, fn);
    this.#outbox.kick();
    return out;
  }
}

/** bot.member_removed for each of the people, as one statement in the change's transaction. */
export async function stageRemoved(outbox: Outbox, trx: Trx, bot: BotRow, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  await outbox.stageMany(
    trx,
    BotMemberRemoved,
    userIds.map((userId) =>
      create(BotMemberRemovedSchema, { botId: bot.id, chatId: bot.chat_id, ownerId: bot.user_id, userId }),
    ),
  );
}
