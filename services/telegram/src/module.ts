import type { ServiceModule, Subscription } from "@dirabot/platform";
import { links } from "../migrations/0001_links.ts";
import { groups } from "../migrations/0002_groups.ts";
import { TelegramBot } from "./bot.ts";
import { onUserClaimed, onUserDeleted, subscribeBotMatched } from "./events.ts";
import { GroupsRepo } from "./groups.repo.ts";
import { GroupsService } from "./groups.service.ts";
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
    migrations: { "0001_links": links, "0002_groups": groups },
    async start(ctx) {
      const repo = new LinksRepo(ctx.db);
      const bot = new TelegramBot(ctx.settings, ctx.log);
      const service = new LinksService(repo, bot);
      const groupsRepo = new GroupsRepo(ctx.db);
      const groupsService = new GroupsService(groupsRepo, bot, ctx.settings.publicUrl);
      bot.onStart(
        (code, chat) => service.redeem(code, chat),
        (code) => service.burn(code),
      );
      bot.onRegister((group) => groupsService.createCode(group));
      ctx.consume(onUserDeleted(repo, groupsRepo));
      ctx.consume(onUserClaimed(repo));
      let matched: Subscription | undefined;
      const lock = new PollLock({
        db: ctx.db,
        key: `dirabot-telegram-poll:${bot.id}`,
        retryMs: options.lockRetryMs ?? 30_000,
        log: ctx.log,
      });
      return {
        routes: routes(service, groupsService),
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
        },
        async stop() {
          await matched?.stop();
          await lock.stop();
        },
      };
    },
  };
}

export const telegram: ServiceModule = createTelegram();
