import type { ServiceModule } from "@dirabot/platform";
import { notificationsTables } from "../migrations/0001_notifications.ts";
import { onMessageCreated, onUserDeleted } from "./events.ts";
import { NotificationsRepo } from "./notifications.repo.ts";
import { NotificationsService } from "./notifications.service.ts";
import { routes } from "./server.ts";

/** The notifications service: in-app notifications and their read state. */
export const notifications: ServiceModule = {
  name: "notifications",
  schema: "notifications",
  migrations: { "0001_notifications": notificationsTables },
  async start(ctx) {
    const repo = new NotificationsRepo(ctx.db);
    const service = new NotificationsService(repo, ctx.outbox);
    ctx.consume(onMessageCreated(service, ctx.outbox));
    ctx.consume(onUserDeleted(repo));
    return { routes: routes(service) };
  },
};
