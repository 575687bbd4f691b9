import type { ConnectRouter } from "@connectrpc/connect";
import { toAppError } from "@dirabot/platform";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import type { NotificationsService as Rules } from "./notifications.service.ts";

/** Turns the product's errors into Connect errors with the same code and message. */
async function rpc<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err).toConnect();
  }
}

/** One thin handler per RPC: the rules live in the service. */
export function routes(rules: Rules) {
  return (router: ConnectRouter) =>
    router.service(NotificationsService, {
      listNotifications: (r) => rpc(() => rules.list(r.userId, r.limit, r.skip)),
      markRead: (r) => rpc(async () => ({ notification: await rules.markRead(r.userId, r.id) })),
      markAllRead: (r) => rpc(async () => ({ updated: await rules.markAllRead(r.userId) })),
      createNotification: (r) =>
        rpc(async () => ({
          notification: await rules.create({
            user_id: r.userId,
            title: r.title,
            body: r.body,
            type: r.type,
            url: r.url,
          }),
        })),
    });
}
