import { ownSettings, type ServiceModule, type Subscription } from "@dirabot/platform";
import { links } from "../migrations/0001_links.ts";
import { groups } from "../migrations/0002_groups.ts";
import { messages } from "../migrations/0003_messages.ts";
import { deliveryAttempts } from "../migrations/0004_delivery_attempts.ts";
import { linkSafety } from "../migrations/0005_link_safety.ts";
import { linkLocale } from "../migrations/0006_locale.ts";
import { TelegramBot } from "./bot.ts";
import { BroadcastSender } from "./broadcast-sender.ts";
import type { TelegramDb } from "./db.ts";
import { onPasswordChanged, onUserClaimed, onUserDeleted, subscribeBotMatched } from "./events.ts";
import { GroupsRepo } from "./groups.repo.ts";
import { GroupsService } from "./groups.service.ts";
import { LinkUndo } from "./link-undo.ts";
import { LinksRepo } from "./links.repo.ts";
import { LinksService } from "./links.service.ts";
import { MessagesRepo } from "./messages.repo.ts";
import { MessagingService } from "./messages.service.ts";
import { NoticesRepo } from "./notices.repo.ts";
import { PollLock } from "./poll-lock.ts";
import { routes } from "./server.ts";
import { telegramSettings } from "./settings.ts";
import { UndosRepo } from "./undos.repo.ts";

export interface TelegramOptions {
  /** How often a replica that does not hold the poll (or broadcast) lock tries again. */
  lockRetryMs?: number;
  /** Broadcast messages a second, across chats (default 25: Telegram allows a bot about 30). */
  broadcastRate?: number;
  /** How long one broadcast send may take before it is retried (default 15 s). */
  sendTimeoutMs?: number;
  /** How often the broadcast sender looks for deliveries that came due (default 1 s). */
  broadcastPollMs?: number;
  /**
   * Tests on a shared database and NATS: a schema (and durable consumers) of their own, so no
   * other test process's telegram service sends their broadcasts.
   */
  schema?: string;
}

/** The telegram service: the bot, account links and messages to linked users. */
export function createTelegram(options: TelegramOptions = {}): ServiceModule<TelegramDb> {
  const schema = options.schema ?? "telegram";
  const suffix = schema === "telegram" ? "" : `-${schema}`;
  return {
    name: "telegram",
    settings: telegramSettings,
    schema,
    migrations: {
      "0001_links": links,
      "0002_groups": groups,
      "0003_messages": messages,
      "0004_delivery_attempts": deliveryAttempts,
      "0005_link_safety": linkSafety,
      "0006_locale": linkLocale,
    },
    async start(ctx) {
      const repo = new LinksRepo(ctx.db);
      const bot = new TelegramBot(ownSettings(ctx.settings, telegramSettings), ctx.log);
      const sendTimeoutMs = options.sendTimeoutMs ?? 15_000;
      const noticesRepo = new NoticesRepo(ctx.db);
      // The bot's notices about a chat's link go out like broadcasts (back-off, never twice), at a
      // pace of their own beside them.
      const notices = new BroadcastSender({
        repo: noticesRepo,
        send: (chatId, text) => bot.sendText(chatId, text, { timeoutMs: sendTimeoutMs }),
        log: ctx.log,
        rate: 5,
        timeoutMs: sendTimeoutMs,
        pollMs: options.broadcastPollMs ?? 1000,
      });
      const undo = new LinkUndo({
        links: repo,
        undos: new UndosRepo(),
        notices: noticesRepo,
        outbox: ctx.outbox,
      });
      const service = new LinksService(repo, bot, undo, () => notices.kick());
      const groupsRepo = new GroupsRepo(ctx.db);
      const groupsService = new GroupsService(groupsRepo, bot, ctx.settings.publicUrl);
      bot.onStart(
        (code, chat) => service.redeem(code, chat),
        (code) => service.burn(code),
      );
      bot.onUndo((code, chatId) => undo.undo(code, chatId));
      bot.onRegister((group) => groupsService.createCode(group));
      const messagesRepo = new MessagesRepo(ctx.db, schema);
      const sender = new BroadcastSender({
        repo: messagesRepo,
        send: (chatId, text) => bot.sendText(chatId, text, { timeoutMs: sendTimeoutMs }),
        log: ctx.log,
        rate: options.broadcastRate ?? 25,
        timeoutMs: sendTimeoutMs,
        pollMs: options.broadcastPollMs ?? 1000,
      });
      const messaging = new MessagingService(messagesRepo, bot, () => sender.kick());
      bot.onText((m) => messaging.receive(m));
      ctx.consume({ ...onUserDeleted(repo, groupsRepo), durable: `telegram-on-user-deleted${suffix}` });
      ctx.consume({ ...onUserClaimed(repo), durable: `telegram-on-user-claimed${suffix}` });
      ctx.consume({
        ...onPasswordChanged(repo, noticesRepo, () => notices.kick()),
        durable: `telegram-on-password-changed${suffix}`,
      });
      let matched: Subscription | undefined;
      const lock = new PollLock({
        db: ctx.db,
        key: `dirabot-telegram-poll:${bot.id}`,
        retryMs: options.lockRetryMs ?? 30_000,
        log: ctx.log,
      });
      // Broadcasts go out from one replica at a time, so their pace is the bot's (broadcast-sender.ts).
      const sending = new PollLock({
        db: ctx.db,
        key: `dirabot-telegram-broadcast:${schema}:${bot.id}`,
        retryMs: options.lockRetryMs ?? 30_000,
        log: ctx.log,
        what: "sending broadcasts",
      });
      return {
        routes: routes(service, groupsService, messaging),
        async begin() {
          if (!bot.configured) {
            ctx.log.info("TELEGRAM_BOT_TOKEN is unset: the Telegram bot is off");
            return;
          }
          // Group posts go out from every replica (the durable shares them); polling from one.
          matched = await subscribeBotMatched(ctx.bus, groupsService, ctx.log, bot.id);
          lock.start(
            () => bot.poll(),
            () => bot.stopPolling(),
          );
          sending.start(
            async () => void (await Promise.all([sender.run(), notices.run()])),
            async () => void (await Promise.all([sender.stop(), notices.stop()])),
          );
        },
        async stop() {
          await matched?.stop();
          await Promise.all([lock.stop(), sending.stop()]);
        },
      };
    },
  };
}

export const telegram: ServiceModule<TelegramDb> = createTelegram();
export { telegramSettings } from "./settings.ts";
