import type { Agent } from "node:https";
import { ownSettings, type ServiceContext, type ServiceModule } from "@dirabot/platform";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type { Scrapers } from "@dirabot/sources";
import { notificationsTables } from "../migrations/0001_notifications.ts";
import { pushTables } from "../migrations/0002_push.ts";
import { outagesTables } from "../migrations/0003_outages.ts";
import { typeIndexWithoutMatches } from "../migrations/0004_type_index_without_matches.ts";
import { pushSessions } from "../migrations/0005_push_sessions.ts";
import { telegramButtons } from "../migrations/0006_telegram_buttons.ts";
import { onBotInvited } from "./bot-invite.ts";
import type { NotificationsDb } from "./db.ts";
import { DeliveriesRepo } from "./delivery/deliveries.repo.ts";
import { Dispatcher } from "./delivery/dispatcher.ts";
import { DispatchesRepo } from "./delivery/dispatches.repo.ts";
import { Fanout } from "./delivery/fanout.ts";
import { PushWorker } from "./delivery/push-worker.ts";
import { TelegramWorker } from "./delivery/telegram-worker.ts";
import { settingsOf } from "./delivery/user-settings.ts";
import { onMessagesCreated, onNotificationsCreated, onSessionsEnded, onUserDeleted } from "./events.ts";
import { onMemberRemoved } from "./member-removed.ts";
import { OutagesRepo } from "./monitoring/outages.repo.ts";
import { SourceWatch } from "./monitoring/source-watch.ts";
import { NotificationsRepo } from "./notifications.repo.ts";
import { NotificationsService } from "./notifications.service.ts";
import { PushSender } from "./push/sender.ts";
import { SubscriptionsRepo } from "./push/subscriptions.repo.ts";
import { SubscriptionsService } from "./push/subscriptions.service.ts";
import { vapidKeys } from "./push/vapid.ts";
import { routes } from "./server.ts";
import { notificationsSettings } from "./settings.ts";

export interface NotificationsOptions {
  /** The clock of every delivery decision (quiet hours, back-off, leases); tests move it. */
  now?: () => Date;
  /** The HTTPS agent pushes go through (tests: one trusting their receiver's certificate). */
  pushAgent?: Agent;
  /** How often the workers look for sends that came due (default 1 s). */
  pollMs?: number;
  /** Sends in flight per queue and process (default 64). */
  concurrency?: number;
  /** One push request's time-out (default 10 s). */
  pushTimeoutMs?: number;
  /**
   * Tests on a shared database and NATS: a schema (and durable consumers) of their own, so no
   * other test process's notifications service takes their events and sends with its own clock.
   */
  schema?: string;
  /** How often the scraped sources are looked at for outage alerts (default 30 s). */
  sourceWatchMs?: number;
}

/**
 * The scrapers this deployment runs, here or elsewhere, asked at each look (a process's modules
 * are all up only after this one started): a process without them watches nothing.
 */
function deployedScrapers(ctx: ServiceContext<NotificationsDb>): () => Scrapers {
  const clients = {
    "scraper-yad2": ctx.client("scraper-yad2", ScrapingService),
    "scraper-facebook": ctx.client("scraper-facebook", ScrapingService),
  };
  return () => {
    const scrapers: Scrapers = {};
    for (const name of ["scraper-yad2", "scraper-facebook"] as const)
      if (ctx.reaches(name)) scrapers[name] = clients[name];
    return scrapers;
  };
}

/** The notifications service: in-app notifications, web push and matches on Telegram. */
export function createNotifications(options: NotificationsOptions = {}): ServiceModule<NotificationsDb> {
  const schema = options.schema ?? "notifications";
  const suffix = schema === "notifications" ? "" : `-${schema}`;
  return {
    name: "notifications",
    schema,
    settings: notificationsSettings,
    migrations: {
      "0001_notifications": notificationsTables,
      "0002_push": pushTables,
      "0003_outages": outagesTables,
      "0004_type_index_without_matches": typeIndexWithoutMatches,
      "0005_push_sessions": pushSessions,
      "0006_telegram_buttons": telegramButtons,
    },
    async start(ctx) {
      const now = options.now ?? (() => new Date());
      const timing = {
        now,
        pollMs: options.pollMs ?? 1000,
        concurrency: options.concurrency ?? 64,
        timeoutMs: options.pushTimeoutMs ?? 10_000,
      };
      const repo = new NotificationsRepo(ctx.db);
      const service = new NotificationsService(repo, ctx.outbox);
      const subs = new SubscriptionsRepo(ctx.db);
      const deliveries = new DeliveriesRepo(ctx.db);
      const dispatches = new DispatchesRepo(ctx.db);
      const own = ownSettings(ctx.settings, notificationsSettings);
      const vapid = await vapidKeys(own, subs);
      const fanout = new Fanout(subs, deliveries, ctx.settings.publicUrl);
      const privateHosts = own.PUSH_PRIVATE_HOSTS?.split(",") ?? [];
      const sender = new PushSender({
        vapid,
        timeoutMs: timing.timeoutMs,
        agent: options.pushAgent,
        privateHosts,
      });
      const push = new PushWorker({ repo: deliveries, subs, sender, log: ctx.log, ...timing });
      const telegram = new TelegramWorker({
        repo: deliveries,
        telegram: ctx.client("telegram", TelegramService),
        log: ctx.log,
        ...timing,
      });
      const queued = () => {
        push.drainer.kick();
        telegram.drainer.kick();
      };
      const identity = ctx.client("identity", IdentityService);
      const dispatcher = new Dispatcher({
        dispatches,
        notifications: repo,
        fanout,
        identity,
        publicUrl: ctx.settings.publicUrl,
        log: ctx.log,
        queued,
        ...timing,
      });
      const messagesCreated = {
        service,
        outbox: ctx.outbox,
        dispatches,
        fanout,
        // A listing's matches wait for this answer: a slow identity is "unknown" after 5 s, and
        // those matches are decided by the dispatcher when it answers.
        settings: (users: string[]) => settingsOf(identity, users, ctx.log, 5000),
        now,
        queued: () => {
          dispatcher.drainer.kick();
          queued();
        },
        suffix,
      };
      ctx.consume(onMessagesCreated(messagesCreated));
      ctx.consume(onMessagesCreated({ ...messagesCreated, lane: "first" }));
      ctx.consume(
        onBotInvited({
          service,
          outbox: ctx.outbox,
          fanout,
          identity,
          publicUrl: ctx.settings.publicUrl,
          log: ctx.log,
          now,
          queued,
          suffix,
        }),
      );
      ctx.consume(onUserDeleted(repo, subs, suffix));
      ctx.consume(onSessionsEnded(subs, suffix));
      ctx.consume(onMemberRemoved(dispatches, suffix));
      ctx.consume(
        onNotificationsCreated({
          fanout,
          dispatches,
          now,
          queued: (kind) => (kind === "match" ? dispatcher : push).drainer.kick(),
          suffix,
        }),
      );
      const watch = new SourceWatch({
        outages: new OutagesRepo(ctx.db),
        deliveries,
        scrapers: deployedScrapers(ctx),
        identity: ctx.client("identity", IdentityService),
        alertAfterMs: own.SOURCE_ALERT_AFTER_MINUTES * 60_000,
        pollMs: options.sourceWatchMs ?? 30_000,
        dashboardUrl: `${ctx.settings.publicUrl}/admin/dashboard`,
        now,
        queued: () => telegram.drainer.kick(),
        log: ctx.log,
      });
      const drainers = [dispatcher.drainer, push.drainer, telegram.drainer];
      return {
        routes: routes(service, new SubscriptionsService(subs, vapid.publicKey, now, privateHosts)),
        begin() {
          for (const d of drainers) d.start();
          watch.start();
        },
        async stop() {
          await watch.stop();
          await Promise.all(drainers.map((d) => d.stop()));
        },
      };
    },
  };
}

export const notifications: ServiceModule<NotificationsDb> = createNotifications();
export { notificationsSettings } from "./settings.ts";
