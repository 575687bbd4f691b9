import { MarkdownError, toMarkdownV2 } from "@dirabot/api/telegram-markdown.ts";
import { AppError } from "@dirabot/platform";
import type { ChatRow, Counts, MessageRow, MessagesRepo, MessageType, Status } from "./messages.repo.ts";
import { classify, patiently, refusal } from "./send.ts";

/** What admin messaging needs from Telegram (the grammY bot in production). */
export interface Texter {
  readonly configured: boolean;
  sendText(chatId: string, text: string, opts?: TextOptions): Promise<void>;
}
export interface TextOptions {
  markdownV2?: boolean;
  timeoutMs?: number;
}

/** A text someone wrote to the bot, as the bot saw it. */
export interface Received {
  chatId: string;
  chatName: string;
  /** In a group: the member who wrote. */
  senderName: string;
  content: string;
  telegramId: number;
  at: Date;
}

/** A message as the admins see it: a broadcast carries its deliveries and a status made of them. */
export type MessageView = MessageRow & { counts?: Counts };
export interface ChatView {
  chat: ChatRow;
  last: MessageView | undefined;
}

export const MESSAGING_ERRORS = {
  empty: "Message cannot be empty",
  directMissing: "Message and chat selection are required",
  tooLong: "Message is longer than Telegram's 4096 characters",
  badChat: "chatId must be a Telegram chat id",
  unknownChat: "This chat is not known to the bot: link an account, register a group or wait for it to write",
  noChats: "No Telegram chat to send to yet: no account is linked and no group is registered",
  notConfigured: "Telegram is not configured",
} as const;
const MAX_TEXT = 4096;
const CHAT_ID = /^-?\d{1,20}$/;
const TYPES: ReadonlySet<string> = new Set(["broadcast", "direct", "received"]);

/** A broadcast is pending while any delivery is, then sent when one arrived, else failed. */
function broadcastStatus(c: Counts): Status {
  if (c.pending > 0) return "pending";
  return c.sent > 0 ? "sent" : "failed";
}

/** Admin messaging: broadcasts, direct messages, what people wrote, the chats; no transport, no SQL. */
export class MessagingService {
  #repo: MessagesRepo;
  #tg: Texter;
  #kick: () => void;
  constructor(repo: MessagesRepo, texter: Texter, kick: () => void) {
    this.#repo = repo;
    this.#tg = texter;
    this.#kick = kick;
  }

  #configured(): void {
    if (!this.#tg.configured) throw new AppError("failed_precondition", MESSAGING_ERRORS.notConfigured);
  }

  /** Records the broadcast and its deliveries and answers at once; the sender delivers them. */
  async broadcast(content: string, adminId: string): Promise<MessageView> {
    if (!content.trim()) throw new AppError("invalid_argument", MESSAGING_ERRORS.empty);
    if (content.length > MAX_TEXT) throw new AppError("invalid_argument", MESSAGING_ERRORS.tooLong);
    this.#configured();
    const made = await this.#repo.insertBroadcast(content, adminId);
    if (!made) throw new AppError("failed_precondition", MESSAGING_ERRORS.noChats);
    this.#kick();
    const counts = { total: made.total, pending: made.total, sent: 0, failed: 0 };
    return { ...made.row, counts };
  }

  /**
   * Converts the Markdown (refused before anything is recorded when it cannot be), records the
   * message and sends it; a refusal or failure is recorded with Telegram's reason and thrown.
   */
  async direct(content: string, chatId: string, adminId: string): Promise<MessageView> {
    if (!content.trim() || !chatId.trim())
      throw new AppError("invalid_argument", MESSAGING_ERRORS.directMissing);
    if (!CHAT_ID.test(chatId)) throw new AppError("invalid_argument", MESSAGING_ERRORS.badChat);
    let text: string;
    try {
      const converted = toMarkdownV2(content);
      if (converted.plain.length > MAX_TEXT) throw new AppError("invalid_argument", MESSAGING_ERRORS.tooLong);
      text = converted.text;
    } catch (err) {
      if (err instanceof MarkdownError)
        throw new AppError("invalid_argument", `Invalid Markdown: ${err.message}`);
      throw err;
    }
    this.#configured();
    const chat = await this.#repo.chat(chatId);
    if (!chat) throw new AppError("not_found", MESSAGING_ERRORS.unknownChat);
    const row = await this.#repo.insertDirect({
      content,
      chatId,
      chatName: chat.chat_name,
      createdBy: adminId,
    });
    try {
      await patiently(() => this.#tg.sendText(chatId, text, { markdownV2: true }));
    } catch (err) {
      await this.#repo.finishDirect(row.id, { status: "failed", error: classify(err).reason });
      throw refusal(err);
    }
    return this.#repo.finishDirect(row.id, { status: "sent" });
  }

  /** A text someone wrote to the bot; a repeated update is kept once. */
  receive(m: Received): Promise<void> {
    return this.#repo.insertReceived(m);
  }

  async list(type: string, limit: number, skip: number): Promise<{ messages: MessageView[]; count: number }> {
    if (type && !TYPES.has(type))
      throw new AppError("invalid_argument", "type must be one of broadcast, direct, received");
    const { rows, count } = await this.#repo.list(
      type as MessageType | "",
      clamp(limit, 1, 100, 50),
      Math.max(0, skip),
    );
    const counts = await this.#repo.counts(rows.filter((r) => r.type === "broadcast").map((r) => r.id));
    return {
      messages: rows.map((r) => {
        const c = counts.get(r.id);
        return c ? { ...r, status: broadcastStatus(c), counts: c } : r;
      }),
      count,
    };
  }

  chats(search: string, limit: number): Promise<ChatView[]> {
    return this.#repo.chats(search.trim().slice(0, 100), clamp(limit, 1, 500, 100));
  }

  /** One chat's conversation, oldest first: the newest `limit` after skipping `skip` newer ones. */
  async chatMessages(
    chatId: string,
    limit: number,
    skip: number,
  ): Promise<{ chat: ChatRow; messages: MessageView[]; count: number }> {
    if (!CHAT_ID.test(chatId)) throw new AppError("invalid_argument", MESSAGING_ERRORS.badChat);
    const chat = await this.#repo.chat(chatId);
    if (!chat) throw new AppError("not_found", MESSAGING_ERRORS.unknownChat);
    const { rows, count } = await this.#repo.chatMessages(
      chatId,
      clamp(limit, 1, 100, 100),
      Math.max(0, skip),
    );
    return { chat, messages: rows.reverse(), count };
  }
}

const clamp = (n: number, min: number, max: number, fallback: number) =>
  n === 0 ? fallback : Math.min(max, Math.max(min, n));
