import { describe, expect, it } from "vitest";
import { avatarUrl } from "../../lib/avatar.ts";
import { formatPrice, formatTime, isAdminSender, isOwn, preview, senderName } from "./format.ts";
import type { Message } from "./types.ts";

const text = (content: string, sender: Message["sender"] = "bot"): Message => ({
  _id: "m",
  chatId: "c",
  content,
  type: "text",
  sender,
  timestamp: null,
  createdAt: null,
  updatedAt: null,
  isRead: false,
  starred: false,
  votes: [],
  seenBy: [],
  replies: [],
  folded: false,
});

describe("chat texts", () => {
  it("cuts the last-message preview at 50 characters plus '...'", () => {
    expect(preview(text("a".repeat(50)))).toBe("a".repeat(50));
    expect(preview(text("b".repeat(51)))).toBe(`${"b".repeat(50)}...`);
    expect(preview(text("שלום   עולם\nחדש"))).toBe("שלום עולם חדש");
    expect(preview(null)).toBe("");
  });

  it("previews an asset without text by its location, else 'Property'", () => {
    const asset = { ...text(""), type: "asset" as const };
    expect(preview(asset)).toBe("Property");
  });

  it("shows times as HH:mm", () => {
    const d = new Date(2026, 0, 5, 7, 3);
    expect(formatTime(d.toISOString())).toBe("07:03");
    expect(formatTime(new Date(2026, 0, 5, 23, 59).toISOString())).toBe("23:59");
    expect(formatTime(null)).toBe("");
    expect(formatTime("not a date")).toBe("");
  });

  it("names senders and marks admins and the viewer's own messages", () => {
    const admin = {
      _id: "a1",
      firstname: "Avi",
      lastname: "Ron",
      email: "a@x.io",
      avatar: "",
      roles: ["user", "admin"],
    };
    expect(senderName(text("x"), "Florentin")).toBe("Florentin");
    expect(senderName(text("x", admin), "Florentin")).toBe("Avi Ron");
    expect(isAdminSender(text("x", admin))).toBe(true);
    expect(isAdminSender(text("x"))).toBe(false);
    expect(isOwn(text("x", admin), "a1")).toBe(true);
    expect(isOwn(text("x", admin), "u2")).toBe(false);
    expect(isOwn(text("x"), "a1")).toBe(false);
  });

  it("writes prices in shekels", () => {
    expect(formatPrice(7500)).toBe("₪7,500");
  });

  it("picks a chat's avatar from the 25 by hashing its id, the same every time", () => {
    const a = avatarUrl(undefined, "6650c0ffee");
    expect(a).toMatch(/^\/avatars\/([1-9]|1\d|2[0-5])\.svg$/);
    expect(avatarUrl(undefined, "6650c0ffee")).toBe(a);
    const picks = new Set(Array.from({ length: 200 }, (_, i) => avatarUrl(undefined, `chat-${i}`)));
    expect(picks.size).toBe(25);
  });
});
