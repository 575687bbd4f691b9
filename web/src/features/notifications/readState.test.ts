import { describe, expect, it } from "vitest";
import { isNotificationPage, withAllRead, withRead } from "./readState.ts";
import type { AppNotification, NotificationPage } from "./types.ts";

const n = (id: string, isRead: boolean): AppNotification => ({
  _id: id,
  title: id,
  body: "",
  type: "system",
  isRead,
  createdAt: null,
  url: "",
});
const page: NotificationPage = {
  notifications: [n("a", false), n("b", true), n("c", false)],
  total: 9,
  unread: 4,
};

describe("read state", () => {
  it("reads one unread notification and lowers the count once", () => {
    const after = withRead(page, "a");
    expect(after.notifications.map((x) => x.isRead)).toEqual([true, true, false]);
    expect(after.unread).toBe(3);
    expect(withRead(after, "a")).toBe(after);
    expect(withRead(page, "b")).toBe(page);
    expect(withRead(page, "elsewhere")).toBe(page);
  });

  it("reads all, including the unread ones on other pages", () => {
    const after = withAllRead(page);
    expect(after.notifications.every((x) => x.isRead)).toBe(true);
    expect(after.unread).toBe(0);
    expect(withAllRead(after)).toBe(after);
  });

  it("never goes below zero", () => {
    expect(withRead({ ...page, unread: 0 }, "a").unread).toBe(0);
  });

  it("knows the caller's pages from other cached values", () => {
    expect(isNotificationPage(page)).toBe(true);
    expect(isNotificationPage({ notifications: [], total: 0 })).toBe(false);
    expect(isNotificationPage(undefined)).toBe(false);
  });
});
