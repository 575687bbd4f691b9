import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import type { Notification, NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { currentUser, requireUser } from "../auth/session.ts";
import { body, parse } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { callAs } from "./actor.ts";

/** The spec's Notification (SPEC.md §3); the socket's `notification:new` carries the same. */
export function notificationJson(n: Notification) {
  return {
    _id: n.id,
    title: n.title,
    body: n.body,
    type: n.type,
    isRead: n.isRead,
    createdAt: n.createdAt ? timestampDate(n.createdAt).toISOString() : null,
    url: n.url,
  };
}

/** A whole number in a query string, within bounds; "" or absent takes the default. */
const count = (name: string, min: number, max: number, fallback: number) => {
  const msg = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (v) => (v === "" || v === undefined ? String(fallback) : v),
    z
      .string({ error: `${name} must be given once` })
      .regex(/^\d{1,9}$/, msg)
      .transform(Number)
      .refine((n) => n >= min && n <= max, msg),
  );
};
const ListQuery = z.object({
  limit: count("limit", 1, 100, 20),
  skip: count("skip", 0, 100_000_000, 0),
});
const TestBody = z.object({
  title: z.string({ error: "Title and body are required" }),
  body: z.string({ error: "Title and body are required" }),
  url: z.string({ error: "url must be a string" }).optional(),
});

/** /api/notifications: the caller's in-app notifications (SPEC.md §7 Notifications). */
export function notificationRoutes(
  router: Router,
  deps: { notifications: Client<typeof NotificationsService> },
  doc: ApiDoc,
): void {
  const { notifications } = deps;
  doc.add("get", "/api/notifications", "The caller's notifications, newest first (?limit=20&skip=0)", {
    200: "{notifications, total, unread}",
    400: "A bad limit or skip",
    401: "Not signed in",
  });
  router.get("/api/notifications", requireUser, async (k) => {
    const q = parse(ListQuery, k.query);
    const r = await notifications.listNotifications({ limit: q.limit, skip: q.skip }, callAs(k));
    k.body = { notifications: r.notifications.map(notificationJson), total: r.total, unread: r.unread };
  });

  doc.add("patch", "/api/notifications/read-all", "Marks all the caller's notifications read", {
    200: "{updated}",
    401: "Not signed in",
  });
  router.patch("/api/notifications/read-all", requireUser, async (k) => {
    k.body = { updated: (await notifications.markAllRead({}, callAs(k))).updated };
  });

  doc.add("patch", "/api/notifications/:id/read", "Marks one of the caller's notifications read", {
    200: "notification",
    401: "Not signed in",
    404: "Notification not found",
  });
  router.patch("/api/notifications/:id/read", requireUser, async (k) => {
    // The service checks the id: anything not one of the caller's is "Notification not found".
    const id = String(k.params.id ?? "").slice(0, 100);
    const r = await notifications.markRead({ id }, callAs(k));
    k.body = r.notification ? notificationJson(r.notification) : null;
  });

  doc.add("post", "/api/notifications/test", "Sends the caller a test notification {title, body, url?}", {
    201: "{message, notification}",
    400: "Title and body are required",
    401: "Not signed in",
  });
  router.post("/api/notifications/test", requireUser, async (k) => {
    const b = await body(k, TestBody);
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
