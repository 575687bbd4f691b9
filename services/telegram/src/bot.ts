import { AppError, type Locale, type Logger } from "@dirabot/platform";
import { Bot } from "grammy";
import { UNDO_COMMAND, type Undone } from "./link-notices.ts";
import type { Messenger, Redeemed, SendExtras } from "./links.service.ts";
import type { Received, TextOptions } from "./messages.service.ts";
import { sendTo } from "./send.ts";
import type { TelegramSettings } from "./settings.ts";
import { BOT_TEXTS, telegramLocale } from "./texts.ts";

// The English texts under their old names (tests and the product's other services read them).
export const REPLIES: Record<Redeemed | "welcome", string> = BOT_TEXTS.en.replies;

/** `/start` in a group: a link there would send the account's password-reset codes to every member. */
export const START_IN_GROUP = BOT_TEXTS.en.startInGroup;

/** A redemption's outcome, and the language of the account it linked (the code's). */
export type Redeem = (
  code: string,
  chat: { chatId: string; username: string; name: string },
) => Promise<{ outcome: Redeemed; locale?: Locale }>;
/** Makes a link code unusable (it was seen where others can read it). */
export type Burn = (code: string) => Promise<void>;
export type Register = (group: { chatId: string; title: string }) => Promise<{ code: string; url: string }>;

export const REGISTER_REPLIES = BOT_TEXTS.en.register;

/** The bot's texts in the language of the person who wrote (their Telegram app's). */
const textsFor = (ctx: { from?: { language_code?: string } }) =>
  BOT_TEXTS[telegramLocale(ctx.from?.language_code)];

/**
 * The grammY bot behind TELEGRAM_BOT_TOKEN: sends for every replica, and long polling (the
 * `/start <code>` handler) for the one replica that holds the poll lock. Without a token it is
 * inert: `configured` is false and nothing reaches Telegram.
 */
export class TelegramBot implements Messenger {
  readonly bot: Bot | undefined;
  #log: Logger;
  #polling: Promise<void> | undefined;

  constructor(settings: TelegramSettings, log: Logger) {
    this.#log = log;
    const token = settings.TELEGRAM_BOT_TOKEN;
    this.bot = token
      ? new Bot(token, { client: { apiRoot: settings.TELEGRAM_API_ROOT.replace(/\/$/, "") } })
      : undefined;
    // A failed update (e.g. the database is down) still gets an answer; the user can resend.
    this.bot?.catch(async (err) => {
      log.warn({ err: err.error }, "telegram update failed");
      await err.ctx.reply(textsFor(err.ctx).failed).catch(() => undefined);
    });
  }

  /**
   * `/start` alone greets; `/start <code>` links the chat (the deep link sends exactly that), in a
   * private chat only: linked to a group, the account's password-reset codes would reach everyone
   * in it. A code sent in a group is burnt, not redeemed: anyone there could otherwise use it in
   * their own private chat and receive the account's reset codes. The bot says why.
   */
  onStart(redeem: Redeem, burn: Burn): void {
    const log = this.#log;
    this.bot?.command("start", async (ctx) => {
      if (ctx.chat.type !== "private") {
        log.info(
          { chat: ctx.chat.id, type: ctx.chat.type },
          "telegram /start outside a private chat refused",
        );
        const seen = ctx.match.trim();
        if (seen) await burn(seen);
        await ctx.reply(textsFor(ctx).startInGroup);
        return;
      }
      const code = ctx.match.trim();
      if (!code) {
        await ctx.reply(textsFor(ctx).replies.welcome);
        return;
      }
      const { outcome, locale } = await redeem(code, {
        chatId: String(ctx.chat.id),
        username: ctx.from?.username ?? ctx.chat.username ?? "",
        name: personName(ctx.from),
      });
      if (outcome === "linked") log.info({ chat: ctx.chat.id }, "telegram account linked");
      // Linked, the chat is the account's: its language from now on; a refusal, the person's app's.
      await ctx.reply((locale && outcome === "linked" ? BOT_TEXTS[locale] : textsFor(ctx)).replies[outcome]);
    });
  }

  /**
   * `/undo_<code>` (or `/undo <code>`): the chat a new link replaced takes the account back. Only
   * the chat the code was sent to can use it; the answer says what happened.
   */
  onUndo(undo: (code: string, chatId: string) => Promise<Undone>): void {
    const log = this.#log;
    this.bot?.hears(UNDO_COMMAND, async (ctx) => {
      const outcome = await undo(String(ctx.match[1]), String(ctx.chat.id));
      if (outcome === "undone") log.warn({ chat: ctx.chat.id }, "telegram link undone by the replaced chat");
      await ctx.reply(textsFor(ctx).undo[outcome]);
    });
  }

  /** `/register` in a group answers a code that connects a bot to it; elsewhere, how to do it. */
  onRegister(register: Register): void {
    const log = this.#log;
    // Added to a group: say what to do next (the service message reaches bots in privacy mode too).
    this.bot?.on("message:new_chat_members", async (ctx) => {
      if (ctx.message.new_chat_members.some((m) => m.id === ctx.me.id))
        await ctx.reply(textsFor(ctx).register.added);
    });
    this.bot?.command("register", async (ctx) => {
      if (ctx.chat.type !== "group" && ctx.chat.type !== "supergroup") {
        await ctx.reply(textsFor(ctx).register.notGroup);
        return;
      }
      const { code, url } = await register({ chatId: String(ctx.chat.id), title: ctx.chat.title ?? "" });
      log.info({ chat: ctx.chat.id }, "telegram group registration code sent");
      await ctx.reply(textsFor(ctx).register.code(code, url));
    });
  }

  /**
   * A text someone writes to the bot (in a private chat or a group it reads), that is not a
   * command: kept for the admins' messaging. Registered after the command handlers, which answer
   * theirs; a command nobody handles is not a message either.
   */
  onText(receive: (m: Received) => Promise<void>): void {
    this.bot?.on("message:text", async (ctx) => {
      const m = ctx.message;
      if (m.entities?.some((e) => e.type === "bot_command" && e.offset === 0)) return;
      const chat = ctx.chat;
      const person = personName(m.from) || (m.from?.username ? `@${m.from.username}` : "");
      await receive({
        chatId: String(chat.id),
        chatName: chat.type === "private" ? person : (chat.title ?? ""),
        senderName: chat.type === "private" ? "" : person,
        content: m.text,
        telegramId: m.message_id,
        at: receivedAt(m.date),
      });
    });
  }

  get configured(): boolean {
    return this.bot !== undefined;
  }

  /** The bot's id, the part of the token before the colon: what the poll lock is keyed by. */
  get id(): string {
    return this.bot?.token.split(":")[0] ?? "";
  }

  async botUsername(): Promise<string> {
    if (!this.bot) return "";
    try {
      await this.bot.init();
      return this.bot.botInfo.username;
    } catch (err) {
      this.#log.warn({ err }, "telegram getMe failed; link without the bot name");
      return "";
    }
  }

  /** A text, or a photo with it as the caption, and a link button (see `sendTo`). */
  async send(chatId: string, text: string, extras: SendExtras = {}): Promise<void> {
    if (!this.bot) throw new AppError("failed_precondition", "Telegram is not configured");
    await sendTo(this.bot.api, this.#log, chatId, text, extras);
  }

  /**
   * One text as it is, or MarkdownV2 when asked, within `timeoutMs`; fails with grammY's own
   * errors (see `classify`) for the caller to decide what a failure means.
   */
  async sendText(chatId: string, text: string, opts: TextOptions = {}): Promise<void> {
    if (!this.bot) throw new AppError("failed_precondition", "Telegram is not configured");
    await this.bot.api.sendMessage(
      chatId,
      text,
      opts.markdownV2 ? { parse_mode: "MarkdownV2" } : {},
      // grammY types its signal as the abort-controller package's; the platform's is what it uses.
      AbortSignal.timeout(opts.timeoutMs ?? 15_000) as never,
    );
  }

  /** Long polling until `stopPolling()` (or a fatal Bot API answer, which rejects). */
  poll(): Promise<void> {
    if (!this.bot) return Promise.resolve();
    this.#polling = this.bot.start({ drop_pending_updates: false, allowed_updates: ["message"] });
    return this.#polling;
  }

  async stopPolling(): Promise<void> {
    if (this.bot?.isRunning()) await this.bot.stop().catch(() => undefined);
    await this.#polling?.catch(() => undefined);
  }
}

/** A Telegram user's first and last name, as their contacts see it. */
function personName(u: { first_name?: string; last_name?: string } | undefined): string {
  return [u?.first_name, u?.last_name].filter(Boolean).join(" ");
}

/**
 * When a message was written: Telegram gives whole seconds, so a message read at once is placed as
 * late in its second as the clock allows, never before something this bot sent in that same second
 * (the chat list orders by it); one read from a backlog keeps its own second.
 */
export function receivedAt(unixSeconds: number, now = Date.now()): Date {
  return new Date(Math.min(now, unixSeconds * 1000 + 999));
}
