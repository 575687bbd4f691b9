import { type Actor, AppError } from "@dirabot/platform";
import type { BotsRepo } from "./bots.repo.ts";
import type { BotRow, Trx } from "./db.ts";
import type { MembersRepo } from "./members.repo.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const botNotFound = () => new AppError("not_found", "Bot not found");

/**
 * The bot if the actor may reach it (their own, or any for an admin). Another user's bot
 * answers exactly like an unknown or malformed id: nothing tells that it exists.
 */
export async function reach(repo: BotsRepo, actor: Actor, id: string, trx?: Trx): Promise<BotRow> {
  const bot = UUID.test(id) ? await repo.get(id, trx) : undefined;
  if (!bot || !(actor.admin || bot.user_id === actor.userId)) throw botNotFound();
  return bot;
}

/** How the actor reaches a bot: its owner, a member of a shared bot, or an admin. */
export type Role = "owner" | "member" | "admin";

/**
 * The bot if the actor owns it, is its member or an admin, with how. A bot shared with someone
 * else answers as an unknown one does: nothing tells that it exists.
 */
export async function reachShared(
  repo: BotsRepo,
  members: MembersRepo,
  actor: Actor,
  id: string,
  trx?: Trx,
): Promise<{ bot: BotRow; role: Role }> {
  const bot = UUID.test(id) ? await repo.get(id, trx) : undefined;
  if (!bot) throw botNotFound();
  if (bot.user_id === actor.userId) return { bot, role: "owner" };
  if (await members.isMember(bot.id, actor.userId, trx)) return { bot, role: "member" };
  if (actor.admin) return { bot, role: "admin" };
  throw botNotFound();
}
