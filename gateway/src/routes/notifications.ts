import type { Client } from "@connectrpc/connect";
import type { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import type Router from "@koa/router";
import type { ApiDoc } from "../openapi.ts";

/** /api/notifications: the caller's in-app notifications (SPEC.md §7 Notifications). */
export function notificationRoutes(
  _router: Router,
  _deps: { notifications: Client<typeof NotificationsService> },
  _doc: ApiDoc,
): void {}
