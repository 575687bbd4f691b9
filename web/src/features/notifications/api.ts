import type { TestNotificationInput } from "@dirabot/api";
import { api } from "../../lib/api.ts";
import type { SubscriptionJson } from "./subscription.ts";
import type { AdminNotificationPage, NotificationPage } from "./types.ts";

// The /api/notifications calls, in the API contract's shapes: the caller's list, the admins' list of
// everyone's, web push subscriptions and the VAPID key they subscribe with.

const BASE = "/api/notifications";

/** The popover asks for 5, the page for 20. */
export const POPOVER_SIZE = 5;
export const PAGE_SIZE = 20;

export const listNotifications = (limit: number, skip: number, signal?: AbortSignal) =>
  api.get<NotificationPage>(BASE, { limit, skip }, signal);

export const listAllNotifications = (
  limit: number,
  skip: number,
  type: string | null,
  signal?: AbortSignal,
) => api.get<AdminNotificationPage>(`${BASE}/all`, { limit, skip, type: type || null }, signal);

export const markRead = (id: string) => api.patch<unknown>(`${BASE}/${encodeURIComponent(id)}/read`);

export const markAllRead = () => api.patch<{ updated: number }>(`${BASE}/read-all`);

/** {title, body, url?}, as POST /api/notifications/test takes it. */
export type TestNotification = TestNotificationInput;

export const sendTestNotification = (input: TestNotification) => api.post<unknown>(`${BASE}/test`, input);

export const getVapidPublicKey = () => api.get<unknown>(`${BASE}/vapid-public-key`);

export const saveSubscription = (subscription: SubscriptionJson) =>
  api.post<unknown>(`${BASE}/subscribe`, { subscription });

export const removeSubscription = (subscription: { endpoint: string }) =>
  api.post<unknown>(`${BASE}/unsubscribe`, { subscription });

export const subscriptionStatus = (endpoint: string) =>
  api.post<{ subscribed?: unknown }>(`${BASE}/subscription-status`, { endpoint });

/** Every cached notifications query starts with this: one invalidation refreshes them all. */
export const notificationsKey = ["notifications"] as const;
export const latestKey = [...notificationsKey, "latest"] as const;
export const pageKey = (page: number) => [...notificationsKey, "page", page] as const;
export const allKey = (page: number, type: string | null) =>
  [...notificationsKey, "all", page, type] as const;
