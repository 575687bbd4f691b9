import * as z from "zod";
import { NOTIFICATION_TYPES } from "./constants.ts";
import { route } from "./contract.ts";
import { count, maybeInstant } from "./query.ts";
import { Person } from "./users.ts";

// In-app notifications (the socket's `notification:new` carries the same shape) and web push.

export const Notification = z
  .strictObject({
    _id: z.string(),
    title: z.string(),
    body: z.string(),
    type: z.string(),
    isRead: z.boolean(),
    createdAt: maybeInstant,
    /** Where opening it leads ("" for nowhere). */
    url: z.string(),
    /** A property_match's listing (absent on other types): opening it shows the flat's story over the chat. */
    listingId: z.string().optional(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = z.strictObject({
  notifications: z.array(Notification),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

/** An admin's list: each notification with its user (null when the user is gone). */
export const AdminNotification = Notification.extend({ user: Person.nullable() });
export type AdminNotification = z.infer<typeof AdminNotification>;
export const AdminNotificationPage = z.strictObject({
  notifications: z.array(AdminNotification),
  total: z.number().int(),
});
export type AdminNotificationPage = z.infer<typeof AdminNotificationPage>;

/** The texts the web app shows for a malformed subscription; the notifications service checks the same again. */
export const SUBSCRIPTION_MESSAGES = {
  fields: "Invalid subscription: missing required fields",
  endpoint: "Invalid subscription: missing endpoint",
  keys: "Subscription keys are missing",
} as const;

// ---- requests

export const NotificationListQuery = z.object({
  limit: count("limit", 1, 100, 20),
  skip: count("skip", 0, 100_000_000, 0),
});
export const AdminNotificationQuery = NotificationListQuery.extend({
  type: z.preprocess(
    (v) => (v === undefined ? "" : v),
    z.enum(["", ...NOTIFICATION_TYPES], { error: `type must be one of ${NOTIFICATION_TYPES.join(", ")}` }),
  ),
});
export const TestNotificationBody = z.object({
  title: z.string({ error: "Title and body are required" }),
  body: z.string({ error: "Title and body are required" }),
  url: z.string({ error: "url must be a string" }).optional(),
});
export type TestNotificationInput = z.input<typeof TestNotificationBody>;
/**
 * `{subscription}` as PushSubscription.toJSON() gives it ({endpoint, keys: {p256dh, auth}}); the
 * route reads it field by field, so a missing part gets its own message.
 */
export const SubscriptionBody = z.object({ subscription: z.unknown().optional() });
export const EndpointBody = z.object({
  endpoint: z.string({ error: SUBSCRIPTION_MESSAGES.endpoint }).min(1, SUBSCRIPTION_MESSAGES.endpoint),
});

const signedOut = { 401: "Not signed in" };

export const notificationRoutes = {
  all: route({
    method: "get",
    path: "/api/notifications/all",
    summary: "Every user's notifications, newest first, for admins (?limit&skip&type)",
    query: AdminNotificationQuery,
    responses: {
      200: AdminNotificationPage,
      400: "A bad limit, skip or type",
      ...signedOut,
      403: "Admin access required",
    },
  }),
  list: route({
    method: "get",
    path: "/api/notifications",
    summary: "The caller's notifications, newest first (?limit=20&skip=0)",
    query: NotificationListQuery,
    responses: { 200: NotificationPage, 400: "A bad limit or skip", ...signedOut },
  }),
  readAll: route({
    method: "patch",
    path: "/api/notifications/read-all",
    summary: "Marks all the caller's notifications read",
    responses: { 200: z.strictObject({ updated: z.number().int() }), ...signedOut },
  }),
  read: route({
    method: "patch",
    path: "/api/notifications/:id/read",
    summary: "Marks one of the caller's notifications read",
    responses: { 200: Notification, ...signedOut, 404: "Notification not found" },
  }),
  test: route({
    method: "post",
    path: "/api/notifications/test",
    summary: "Sends the caller a test notification {title, body, url?}",
    body: TestNotificationBody,
    responses: {
      201: z.strictObject({
        message: z.literal("Notification sent successfully!"),
        notification: Notification.nullable(),
      }),
      400: "Title and body are required",
      ...signedOut,
      429: "More than 5 test notifications in a minute",
    },
  }),
  vapidKey: route({
    method: "get",
    path: "/api/notifications/vapid-public-key",
    session: "none",
    summary: "The VAPID public key to subscribe with",
    responses: { 200: z.strictObject({ publicKey: z.string() }) },
  }),
  subscribe: route({
    method: "post",
    path: "/api/notifications/subscribe",
    summary: "Subscribes this browser {subscription} to the caller's pushes",
    body: SubscriptionBody,
    responses: {
      200: z.strictObject({ subscribed: z.literal(true) }),
      400: "Invalid subscription: missing required fields (or endpoint, or keys), or not on port 443",
      409: "limit_reached: the account has 10 push devices already",
      ...signedOut,
    },
  }),
  unsubscribe: route({
    method: "post",
    path: "/api/notifications/unsubscribe",
    summary: "Stops pushes to this browser {subscription}",
    body: SubscriptionBody,
    responses: {
      200: z.strictObject({ subscribed: z.literal(false), removed: z.boolean() }),
      400: "Invalid subscription: missing required fields (or endpoint)",
      ...signedOut,
    },
  }),
  // POST, not GET: an endpoint is a long capability URL that has no business in access logs.
  subscriptionStatus: route({
    method: "post",
    path: "/api/notifications/subscription-status",
    summary: "Whether this browser {endpoint} is subscribed for the caller",
    body: EndpointBody,
    responses: {
      200: z.strictObject({ subscribed: z.boolean() }),
      400: "Invalid subscription: missing endpoint",
      ...signedOut,
    },
  }),
} as const;
