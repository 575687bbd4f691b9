import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import {
  AdminNotificationQuery,
  notificationRoutes as contract,
  type Notification as NotificationJson,
  NotificationListQuery,
  TestNotificationBody,
} from "@dirabot/api";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { Notification, NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import type Router from "@koa/router";
import { currentUser, requireAdmin, requireUser } from "../auth/session.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { type Limiter, spend } from "../rate-limit.ts";
import { callAs, lookUpUsers, personJson } from "./actor.ts";
import { pushRoutes } from "./push.ts";

/** A notification as the web app reads it (docs/PRODUCT.md); the socket's `notification:new` carries the same. */
export function notificationJson(n: Notification): NotificationJson {
  return {
    _id: n.id,
    title: n.title,
    body: n.body,
    type: n.type,
    isRead: n.isRead,
    createdAt: n.createdAt ? timestampDate(n.createdAt).toISOString() : null,
    url: n.url,
    // Only a match has one: other notifications keep the spec's seven fields.
    ...(n.match?.listingId ? { listingId: n.match.listingId } : {}),
  };
}

/** /api/notifications: the caller's in-app notifications, newest first. */
export function notificationRoutes(
  router: Router,
  deps: {
    notifications: Client<typeof NotificationsService>;
    identity: Client<typeof IdentityService>;
    testLimit: Limiter;
  },
  doc: ApiDoc,
): void {
  const { notifications, identity } = deps;
  pushRoutes(router, deps, doc);

  doc.add(contract.all);
  router.get("/api/notifications/all", requireAdmin, async (k) => {
    const q = parse(AdminNotificationQuery, k.query);
    const call = callAs(k);
    const r = await notifications.listAllNotifications({ limit: q.limit, skip: q.skip, type: q.type }, call);
    // One page names at most 100 people: one identity lookup each, in parallel chunks.
    const people = await lookUpUsers(
      identity,
      call,
      r.notifications.map((n) => n.userId),
    );
    k.body = {
      notifications: r.notifications.map((n) => {
        const u = people.get(n.userId);
        return {
          ...notificationJson(n),
          // A user deleted meanwhile: their notifications went with them, but a page may race it.
          user: u ? personJson(u) : null,
        };
      }),
      total: r.total,
    };
  });
  doc.add(contract.list);
  router.get("/api/notifications", requireUser, async (k) => {
    const q = parse(NotificationListQuery, k.query);
    const r = await notifications.listNotifications({ limit: q.limit, skip: q.skip }, callAs(k));
    k.body = { notifications: r.notifications.map(notificationJson), total: r.total, unread: r.unread };
  });

  doc.add(contract.readAll);
  router.patch("/api/notifications/read-all", requireUser, async (k) => {
    k.body = { updated: (await notifications.markAllRead({}, callAs(k))).updated };
  });

  doc.add(contract.read);
  router.patch("/api/notifications/:id/read", requireUser, async (k) => {
    // The service checks the id: anything not one of the caller's is "Notification not found".
    const id = String(k.params.id ?? "").slice(0, 100);
    const r = await notifications.markRead({ id }, callAs(k));
    k.body = r.notification ? notificationJson(r.notification) : null;
  });

  doc.add(contract.test);
  router.post("/api/notifications/test", requireUser, async (k) => {
    const b = await body(k, TestNotificationBody);
    // A valid request spends the account's budget; a refused body costs nothing.
    await spend(deps.testLimit, currentUser(k).id, k);
    const r = await notifications.createNotification(
      { userId: currentUser(k).id, type: "system", title: b.title, body: b.body, url: b.url ?? "" },
      callAs(k),
    );
    k.status = 201;
    k.body = {
      message: "Notification sent successfully!",
      notification: r.notification ? notificationJson(r.notification) : null,
    };
  });
}
