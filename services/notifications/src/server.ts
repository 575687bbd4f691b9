import type { ConnectRouter } from "@connectrpc/connect";
import { AppError, actorOf, maybeActor } from "@dirabot/platform";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import type { NotificationsService as Rules } from "./notifications.service.ts";
import type { SubscriptionsService } from "./push/subscriptions.service.ts";

/**
 * One thin handler per RPC: the rules live in the services; the user is the call's verified actor,
 * and errors are mapped once, by the host's trust interceptor.
 */
export function routes(rules: Rules, push: SubscriptionsService) {
  return (router: ConnectRouter) =>
    router.service(NotificationsService, {
      listNotifications: (r, ctx) => rules.list(actorOf(ctx).userId, r.limit, r.skip),
      markRead: async (r, ctx) => ({ notification: await rules.markRead(actorOf(ctx).userId, r.id) }),
      markAllRead: async (_r, ctx) => ({ updated: await rules.markAllRead(actorOf(ctx).userId) }),
      createNotification: async (r, ctx) => {
        // The product itself (no actor) and admins write to anyone; a person only to themselves.
        const actor = maybeActor(ctx);
        if (actor && !actor.admin && actor.userId !== r.userId)
          throw new AppError("permission_denied", "Admin access required");
        return {
          notification: await rules.create({
            user_id: r.userId,
            title: r.title,
            body: r.body,
            type: r.type,
            url: r.url,
          }),
        };
      },
      listAllNotifications: (r, ctx) => rules.listAll(actorOf(ctx).admin, r.limit, r.skip, r.type),
      subscribe: async (r, ctx) => {
        await push.subscribe(actorOf(ctx), r.subscription, r.userAgent);
        return {};
      },
      unsubscribe: async (r, ctx) => ({ removed: await push.unsubscribe(actorOf(ctx).userId, r.endpoint) }),
      getSubscriptionStatus: async (r, ctx) => ({
        subscribed: await push.status(actorOf(ctx).userId, r.endpoint),
      }),
      getVapidPublicKey: () => ({ publicKey: push.publicKey }),
      listSubscriptions: async (_r, ctx) => ({ devices: await push.devices(actorOf(ctx)) }),
      removeSubscription: async (r, ctx) => {
        await push.remove(actorOf(ctx).userId, r.id);
        return {};
      },
    });
}
