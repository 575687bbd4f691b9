import { type Actor, AppError } from "@dirabot/platform";
import type { BotsRepo } from "./bots.repo.ts";
import type { BotRow, Trx } from "./db.ts";

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
