import { type Actor, AppError } from "@dirabot/platform";
import type { ChatsRepo } from "./chats.repo.ts";
import type { ChatRow, Trx } from "./db.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

export const chatNotFound = () => new AppError("not_found", "Chat not found");

export const mayRead = (actor: Actor, chat: ChatRow) => actor.admin || chat.user_id === actor.userId;

/**
 * The chat if the actor may reach it. Another user's chat answers exactly like an unknown or
 * malformed id, so nothing tells a user that it exists.
 */
export async function reach(chats: ChatsRepo, actor: Actor, chatId: string, trx?: Trx): Promise<ChatRow> {
  const chat = isUuid(chatId) ? await chats.get(chatId, trx) : undefined;
  if (!chat || !mayRead(actor, chat)) throw chatNotFound();
  return chat;
}
