import type { NotificationPage } from "./types.ts";

// Read state applied to a cached page before the server answers (a notification turns read when it
// is clicked, or all of them at once by mark-all-read), so the badge and the bold rows change at the
// click.

export function withRead(page: NotificationPage, id: string): NotificationPage {
  const hit = page.notifications.find((n) => n._id === id);
  if (!hit || hit.isRead) return page;
  return {
    ...page,
    notifications: page.notifications.map((n) => (n._id === id ? { ...n, isRead: true } : n)),
    unread: Math.max(0, page.unread - 1),
  };
}

export function withAllRead(page: NotificationPage): NotificationPage {
  if (page.unread === 0 && page.notifications.every((n) => n.isRead)) return page;
  return { ...page, notifications: page.notifications.map((n) => ({ ...n, isRead: true })), unread: 0 };
}

/** Whether a cached value is one of the caller's pages (the admin's list of everyone's is not). */
export function isNotificationPage(value: unknown): value is NotificationPage {
  const v = value as Partial<NotificationPage> | null | undefined;
  return Boolean(v && Array.isArray(v.notifications) && typeof v.unread === "number");
}
