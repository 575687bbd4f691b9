import type { ServiceModule } from "@dirabot/platform";
import { links } from "../migrations/0001_links.ts";
import { TelegramBot } from "./bot.ts";
import { onUserDeleted } from "./events.ts";
import { LinksRepo } from "./links.repo.ts";
import { LinksService } from "./links.service.ts";
import { PollLock } from "./poll-lock.ts";
import { routes } from "./server.ts";

export interface TelegramOptions {
  /** How often a replica that does not hold the poll lock tries again. */
  lockRetryMs?: number;
}

/** The telegram service: the bot, account links and messages to linked users. */
export function createTelegram(options: TelegramOptions = {}): ServiceModule {
  return {
    name: "telegram",
    schema: "telegram",
    migrations: { "0001_links": links },
    async start(ctx) {
      const repo = new LinksRepo(ctx.db);
      const bot = new TelegramBot(ctx.settings, ctx.log);
      const service = new LinksService(repo, bot);
      bot.onStart((code, chat) => service.redeem(code, chat));
      ctx.consume(onUserDeleted(repo));
      const lock = new PollLock({
        db: ctx.db,
        key: `dirabot-telegram-poll:${bot.id}`,
        retryMs: options.lockRetryMs ?? 30_000,
        log: ctx.log,
      });
      return {
        routes: routes(service),
        begin() {
          if (!bot.configured) {
            ctx.log.info("TELEGRAM_BOT_TOKEN is unset: the Telegram bot is off");
            return;
          }
          lock.start(
            () => bot.poll(),
            () => bot.stopPolling(),
          );
        },
        stop: () => lock.stop(),
      };
    },
  };
}

export const telegram: ServiceModule = createTelegram();
