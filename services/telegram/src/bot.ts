import { AppError, type Logger, type Settings } from "@dirabot/platform";
import { Bot, GrammyError, HttpError } from "grammy";
import type { Messenger, Redeemed } from "./links.service.ts";

export const REPLIES: Record<Redeemed | "welcome", string> = {
  linked: "Your Dirabot account is now linked ✅",
  unknown: "This link code is not valid. Open your Dirabot profile and create a new one.",
  expired: "This link code has expired. Open your Dirabot profile and create a new one.",
  used: "This link code has already been used. Open your Dirabot profile and create a new one.",
  welcome:
    "Welcome to Dirabot 👋 To get your notifications here, open your Dirabot profile and choose to link Telegram.",
};

/** `/start` in a group: a link there would send the account's password-reset codes to every member. */
export const START_IN_GROUP =
  "I link accounts only in a private chat: open the Telegram link from your Dirabot profile. Nothing was linked here, and a code sent here no longer works. To connect a bot to this group, send /register.";

export type Redeem = (code: string, chat: { chatId: string; username: string }) => Promise<Redeemed>;
/** Makes a link code unusable (it was seen where others can read it). */
export type Burn = (code: string) => Promise<void>;
export type Register = (group: { chatId: string; title: string }) => Promise<{ code: string; url: string }>;

export const REGISTER_REPLIES = {
  added: "Hi 👋 I post new rental listings here. Send /register to connect a Dirabot bot to this group.",
  notGroup: "Add me to a Telegram group, then send /register there to connect a Dirabot bot to it.",
  code: (code: string, url: string) =>
    `Your Dirabot code: ${code}\nIt is valid for 15 minutes. Open ${url} (or enter the code in Dirabot, My Bots) to connect a bot to this group.`,
};

/**
 * The grammY bot behind TELEGRAM_BOT_TOKEN: sends for every replica, and long polling (the
 * `/start <code>` handler) for the one replica that holds the poll lock. Without a token it is
 * inert: `configured` is false and nothing reaches Telegram.
 */
export class TelegramBot implements Messenger {
  readonly bot: Bot | undefined;
  #log: Logger;
  #polling: Promise<void> | undefined;

  constructor(settings: Settings, log: Logger) {
    this.#log = log;
    const token = settings.TELEGRAM_BOT_TOKEN;
    this.bot = token
      ? new Bot(token, { client: { apiRoot: settings.TELEGRAM_API_ROOT.replace(/\/$/, "") } })
      : undefined;
    // A failed update (e.g. the database is down) still gets an answer; the user can resend.
    this.bot?.catch(async (err) => {
      log.warn({ err: err.error }, "telegram update failed");
      await err.ctx.reply("Something went wrong. Please try again in a minute.").catch(() => undefined);
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
        await ctx.reply(START_IN_GROUP);
        return;
      }
      const code = ctx.match.trim();
      if (!code) {
        await ctx.reply(REPLIES.welcome);
        return;
      }
      const outcome = await redeem(code, {
        chatId: String(ctx.chat.id),
        username: ctx.from?.username ?? ctx.chat.username ?? "",
      });
      if (outcome === "linked") log.info({ chat: ctx.chat.id }, "telegram account linked");
      await ctx.reply(REPLIES[outcome]);
    });
  }

  /** `/register` in a group answers a code that connects a bot to it; elsewhere, how to do it. */
  onRegister(register: Register): void {
    const log = this.#log;
    // Added to a group: say what to do next (the service message reaches bots in privacy mode too).
    this.bot?.on("message:new_chat_members", async (ctx) => {
      if (ctx.message.new_chat_members.some((m) => m.id === ctx.me.id))
        await ctx.reply(REGISTER_REPLIES.added);
    });
    this.bot?.command("register", async (ctx) => {
      if (ctx.chat.type !== "group" && ctx.chat.type !== "supergroup") {
        await ctx.reply(REGISTER_REPLIES.notGroup);
        return;
      }
      const { code, url } = await register({ chatId: String(ctx.chat.id), title: ctx.chat.title ?? "" });
      log.info({ chat: ctx.chat.id }, "telegram group registration code sent");
      await ctx.reply(REGISTER_REPLIES.code(code, url));
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

  async send(chatId: string, text: string): Promise<void> {
    if (!this.bot) throw new AppError("failed_precondition", "Telegram is not configured");
    try {
      await this.bot.api.sendMessage(chatId, text);
    } catch (err) {
      // Too many requests or Telegram's own failure pass; anything else is a refusal to keep.
      if (err instanceof GrammyError && (err.error_code === 429 || err.error_code >= 500))
        throw new AppError("unavailable", `Telegram is busy: ${err.description}`, { cause: err });
      if (err instanceof GrammyError)
        throw new AppError("failed_precondition", `Telegram refused the message: ${err.description}`, {
          cause: err,
        });
      if (err instanceof HttpError)
        throw new AppError("unavailable", "Telegram is unreachable", { cause: err });
      throw err;
    }
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
