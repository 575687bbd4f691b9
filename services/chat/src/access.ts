import { type Actor, AppError } from "@dirabot/platform";
import type { ChatsRepo } from "./chats.repo.ts";
import type { ChatRow, Trx } from "./db.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

export const chatNotFound = () => new AppError("not_found", "Chat not found");

/**
 * Whether the actor may read the chat: its owner, an admin, or one of `members` (a shared bot's
 * members, when the caller knows them; `reach` looks them up).
 */
export const mayRead = (actor: Actor, chat: ChatRow, members: readonly string[] = []) =>
  actor.admin || chat.user_id === actor.userId || members.includes(actor.userId);

/**
 * The chat if the actor may reach it: the owner's, a shared bot's member's, an admin's. Another
 * user's chat answers exactly like an unknown or malformed id, so nothing tells a user that it
 * exists; a member removed is out from the moment the chat service applied the removal.
 */
export async function reach(chats: ChatsRepo, actor: Actor, chatId: string, trx?: Trx): Promise<ChatRow> {
  const chat = isUuid(chatId) ? await chats.get(chatId, trx) : undefined;
  if (!chat) throw chatNotFound();
  if (mayRead(actor, chat) || (await chats.members.isMember(chat.id, actor.userId, trx))) return chat;
  throw chatNotFound();
}

/**
 * Whether the actor reads the chat as someone other than its owner (a member, or an admin): their
 * unread count and stars are their own, the owner's stay as they are.
 */
export const notOwner = (actor: Actor, chat: ChatRow) => chat.user_id !== actor.userId;
