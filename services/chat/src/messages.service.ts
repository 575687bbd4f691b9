import { clone, create } from "@bufbuild/protobuf";
import { type Actor, AppError, type Outbox } from "@dirabot/platform";
import { type Chat, type Message, type Sender, SenderSchema } from "@dirabot/proto/chat/v1/chat_pb.js";
import { isUuid, reach } from "./access.ts";
import { stageChatRead, stageMessageCreated } from "./announce.ts";
import type { ChatsRepo } from "./chats.repo.ts";
import type { Db } from "./db.ts";
import type { MessagesRepo } from "./messages.repo.ts";
import { chatToProto, messageToProto, senderJson } from "./proto.ts";

export const MAX_MESSAGE_LENGTH = 4000;

/** Sending, reading and starring messages. */
export class MessagesService {
  readonly #db: Db;
  readonly #chats: ChatsRepo;
  readonly #messages: MessagesRepo;
  readonly #outbox: Outbox;
  constructor(deps: { db: Db; chats: ChatsRepo; messages: MessagesRepo; outbox: Outbox }) {
    this.#db = deps.db;
    this.#chats = deps.chats;
    this.#messages = deps.messages;
    this.#outbox = deps.outbox;
  }

  /**
   * A text message from the actor, stored as plain text exactly as given (trimmed): never
   * escaped or rendered here, the clients show it as text. A message from someone other than
   * the owner (an admin) counts as unread for the owner; the owner's own does not.
   */
  async send(
    a: Actor,
    sender: Sender | undefined,
    chatId: string,
    content: string,
    tempId: string,
  ): Promise<Message> {
    const text = content.trim();
    if (!text) throw new AppError("invalid_argument", "Message cannot be empty");
    if ([...text].length > MAX_MESSAGE_LENGTH)
      throw new AppError(
        "invalid_argument",
        `Message is too long (at most ${MAX_MESSAGE_LENGTH} characters)`,
      );
    // PostgreSQL text cannot hold NUL: refused as the user's input, not failed as ours.
    if (text.includes("\u0000") || tempId.includes("\u0000"))
      throw new AppError("invalid_argument", "Message cannot contain NUL characters");
    // The snapshot the gateway took from the session; who sent it is always the actor.
    const who = sender
      ? clone(SenderSchema, sender)
      : create(SenderSchema, { roles: a.admin ? ["user", "admin"] : ["user"] });
    who.userId = a.userId;
    // 'Admin ✓' is the credential's word, not the snapshot's.
    if (!a.admin) who.roles = who.roles.filter((r) => r !== "admin");
    const message = await this.#db.transaction().execute(async (trx) => {
      const chat = await reach(this.#chats, a, chatId, trx);
      const own = chat.user_id === a.userId;
      const row = await this.#messages.insert(trx, {
        chat_id: chat.id,
        content: text,
        type: "text",
        sender: senderJson(who),
        temp_id: tempId,
        asset: null,
        canonical_id: null,
        is_read: own,
      });
      if (!row) throw new Error("a text message was refused by the unique constraint"); // canonical_id is null
      const after = await this.#chats.bump(trx, chat.id, row, !own);
      await stageMessageCreated(this.#outbox, trx, after, row);
      return row;
    });
    this.#outbox.kick();
    return messageToProto(message);
  }

  /**
   * Opening a chat marks it read for its owner only; an admin reading someone else's chat changes
   * nothing, so the owner still sees what is new. chat.read goes out only when something changed.
   */
  async markRead(a: Actor, chatId: string): Promise<Chat> {
    const chat = await reach(this.#chats, a, chatId);
    if (chat.user_id === a.userId) {
      const changed = await this.#db.transaction().execute(async (trx) => {
        const before = await this.#chats.clearUnread(trx, chat.id);
        if (!before) return false;
        const read = await this.#messages.markRead(trx, chat.id);
        if (before.unread_count === 0 && read === 0) return false;
        await stageChatRead(this.#outbox, trx, before);
        return true;
      });
      if (changed) this.#outbox.kick();
    }
    const now = await reach(this.#chats, a, chatId);
    const last = now.last_message_id
      ? (await this.#messages.byIds([now.last_message_id])).get(now.last_message_id)
      : undefined;
    return chatToProto(now, last);
  }

  async toggleStar(actor: Actor, chatId: string, messageId: string): Promise<Message> {
    const chat = await reach(this.#chats, actor, chatId);
    const row = isUuid(messageId) ? await this.#messages.toggleStar(chat.id, messageId) : undefined;
    if (!row) throw new AppError("not_found", "Message not found");
    return messageToProto(row);
  }

  async starred(actor: Actor, chatId: string): Promise<Message[]> {
    const chat = await reach(this.#chats, actor, chatId);
    return (await this.#messages.starred(chat.id)).map(messageToProto);
  }
}
