import type { Client } from "@connectrpc/connect";
import {
  notificationRoutes as contract,
  EndpointBody,
  SUBSCRIPTION_MESSAGES as MISSING,
  SubscriptionBody,
} from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import type Router from "@koa/router";
import { requireUser } from "../auth/session.ts";
import { body } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { userAgentOf } from "./access.ts";
import { callAs } from "./actor.ts";

const bad = (message: string) => new AppError("invalid_argument", message);
const text = (v: unknown) => (typeof v === "string" ? v : "");
const object = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** `{subscription}` as PushSubscription.toJSON() gives it: endpoint, keys.p256dh, keys.auth. */
function subscriptionOf(raw: unknown, needKeys: boolean) {
  const s = object(raw);
  if (!s) throw bad(MISSING.fields);
  const endpoint = text(s.endpoint).trim();
  if (!endpoint) throw bad(MISSING.endpoint);
  if (!needKeys) return { endpoint, p256dh: "", auth: "" };
  const keys = object(s.keys);
  const [p256dh, auth] = [text(keys?.p256dh).trim(), text(keys?.auth).trim()];
  if (!p256dh || !auth) throw bad(MISSING.keys);
  return { endpoint, p256dh, auth };
}

/** Web push: the caller's browser subscriptions and the key browsers subscribe with. */
export function pushRoutes(
  router: Router,
  deps: { notifications: Client<typeof NotificationsService> },
  doc: ApiDoc,
): void {
  const { notifications } = deps;
  doc.add(contract.vapidKey);
  router.get("/api/notifications/vapid-public-key", async (k) => {
    k.body = { publicKey: (await notifications.getVapidPublicKey({})).publicKey };
  });

  doc.add(contract.subscribe);
  router.post("/api/notifications/subscribe", requireUser, async (k) => {
    const subscription = subscriptionOf((await body(k, SubscriptionBody)).subscription, true);
    await notifications.subscribe({ subscription, userAgent: userAgentOf(k) }, callAs(k));
    k.body = { subscribed: true };
  });

  doc.add(contract.unsubscribe);
  router.post("/api/notifications/unsubscribe", requireUser, async (k) => {
    const { endpoint } = subscriptionOf((await body(k, SubscriptionBody)).subscription, false);
    const r = await notifications.unsubscribe({ endpoint }, callAs(k));
    k.body = { subscribed: false, removed: r.removed };
  });

  // POST, not GET: an endpoint is a long capability URL that has no business in access logs.
  doc.add(contract.subscriptionStatus);
  router.post("/api/notifications/subscription-status", requireUser, async (k) => {
    const { endpoint } = await body(k, EndpointBody);
    k.body = { subscribed: (await notifications.getSubscriptionStatus({ endpoint }, callAs(k))).subscribed };
  });
}
