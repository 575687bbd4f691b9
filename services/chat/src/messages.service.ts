import { clone, create } from "@bufbuild/protobuf";
import { type Actor, AppError, type Outbox } from "@dirabot/platform";
import { type Chat, type Message, type Sender, SenderSchema } from "@dirabot/proto/chat/v1/chat_pb.js";
import { isUuid, notOwner, reach } from "./access.ts";
import { stageChatRead, stageMessageCreated } from "./announce.ts";
import type { ChatsRepo } from "./chats.repo.ts";
import type { Db } from "./db.ts";
import type { MessagesRepo } from "./messages.repo.ts";
import { chatToProto, messageToProto, senderJson } from "./proto.ts";
import type { VotesService } from "./votes.service.ts";

export const MAX_MESSAGE_LENGTH = 4000;

/** Sending, reading and starring messages. */
export class MessagesService {
  readonly #db: Db;
  readonly #chats: ChatsRepo;
  readonly #messages: MessagesRepo;
  readonly #outbox: Outbox;
  readonly #votes: VotesService;
  constructor(deps: {
    db: Db;
    chats: ChatsRepo;
    messages: MessagesRepo;
    outbox: Outbox;
    votes: VotesService;
  }) {
    this.#db = deps.db;
    this.#chats = deps.chats;
    this.#messages = deps.messages;
    this.#outbox = deps.outbox;
    this.#votes = deps.votes;
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
      // The other members have one more unread; the writer, if a member, does not.
      const members = await this.#chats.members.bump(trx, new Map([[chat.id, 1]]), a.userId);
      await stageMessageCreated(this.#outbox, trx, after, row, members.get(chat.id));
      return row;
    });
    this.#outbox.kick();
    return messageToProto(message);
  }

  /**
   * Opening a chat marks it read for its owner; a shared bot's member clears their own unread
   * count alone; an admin reading someone else's chat changes nothing, so the owner still sees
   * what is new. chat.read goes out only when something changed.
   * A reader's read mark (who saw which match) moves up to the newest message too.
   */
  async markRead(a: Actor, chatId: string, reader?: Sender): Promise<Chat> {
    const chat = await reach(this.#chats, a, chatId);
    const member = notOwner(a, chat) && (await this.#chats.members.isMember(chat.id, a.userId));
    if (member) {
      const changed = await this.#db.transaction().execute(async (trx) => {
        if ((await this.#chats.members.clearUnread(trx, chat.id, a.userId)) === 0) return false;
        await stageChatRead(this.#outbox, trx, { ...chat, user_id: a.userId });
        return true;
      });
      if (changed) this.#outbox.kick();
    } else if (chat.user_id === a.userId) {
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
    await this.#votes.seen(a, reader, chatId);
    const now = await reach(this.#chats, a, chatId);
    const last = now.last_message_id
      ? (await this.#messages.byIds([now.last_message_id])).get(now.last_message_id)
      : undefined;
    const members = (await this.#chats.members.of([now.id])).get(now.id) ?? [];
    return chatToProto(now, last, {
      memberIds: members.map((m) => m.user_id),
      unreadCount: member ? 0 : undefined,
    });
  }

  /** Stars are each person's: the owner's on the message, anyone else's their own (chat 0007). */
  async toggleStar(actor: Actor, chatId: string, messageId: string): Promise<Message> {
    const chat = await reach(this.#chats, actor, chatId);
    if (notOwner(actor, chat)) {
      const row = isUuid(messageId) ? (await this.#messages.byIds([messageId])).get(messageId) : undefined;
      if (!row || row.chat_id !== chat.id) throw new AppError("not_found", "Message not found");
      const starred = await this.#chats.members.toggleStar(chat.id, row.id, actor.userId);
      return (await this.#votes.decorate(chat, [{ ...row, starred }]))[0] as Message;
    }
    const row = isUuid(messageId) ? await this.#messages.toggleStar(chat.id, messageId) : undefined;
    if (!row) throw new AppError("not_found", "Message not found");
    return (await this.#votes.decorate(chat, [row]))[0] as Message;
  }

  async starred(actor: Actor, chatId: string): Promise<Message[]> {
    const chat = await reach(this.#chats, actor, chatId);
    if (notOwner(actor, chat)) {
      const ids = await this.#chats.members.starredIds(chat.id, actor.userId);
      const rows = [...(await this.#messages.byIds([...ids])).values()]
        .sort((x, y) => x.created_at.getTime() - y.created_at.getTime())
        .map((r) => ({ ...r, starred: true }));
      return this.#votes.decorate(chat, rows);
    }
    return this.#votes.decorate(chat, await this.#messages.starred(chat.id));
  }
}
