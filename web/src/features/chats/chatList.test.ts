import { describe, expect, it } from "vitest";
import {
  applyIncoming,
  matchesSearch,
  navBadgeCount,
  setUnread,
  sortChats,
  sortGroups,
  totalUnread,
} from "./chatList.ts";
import { chat, sentAt as msg } from "./fixtures.ts";
import type { Chat } from "./types.ts";

const ids = (chats: Chat[]) => chats.map((c) => c._id);

describe("the chat list", () => {
  it("sorts by last message, newest first, chats without one last in their order", () => {
    const sorted = sortChats([
      chat("none1", null),
      chat("old", "2026-01-01T10:00:00Z"),
      chat("new", "2026-03-01T10:00:00Z"),
      chat("none2", null),
    ]);
    expect(ids(sorted)).toEqual(["new", "old", "none1", "none2"]);
  });

  it("counts an incoming message as unread and moves its chat up, unless the chat is open", () => {
    const current = [chat("a", "2026-01-02T00:00:00Z"), chat("b", "2026-01-01T00:00:00Z", 1)];
    const incoming = msg("m9", "b", "2026-01-03T00:00:00Z");
    const closed = applyIncoming(current, incoming, "a");
    expect(closed.known).toBe(true);
    expect(ids(closed.chats)).toEqual(["b", "a"]);
    expect(closed.chats[0]?.unreadCount).toBe(2);
    expect(closed.chats[0]?.lastMessage?._id).toBe("m9");
    const open = applyIncoming(current, incoming, "b");
    expect(open.chats[0]?.unreadCount).toBe(0);
  });

  it("does not count the same message twice, and reports a chat it does not know", () => {
    const current = [chat("a", "2026-01-02T00:00:00Z")];
    const once = applyIncoming(current, msg("m1", "a", "2026-01-03T00:00:00Z"), null).chats;
    const twice = applyIncoming(once, msg("m1", "a", "2026-01-03T00:00:00Z"), null).chats;
    expect(twice[0]?.unreadCount).toBe(1);
    expect(applyIncoming(current, msg("m2", "zzz", null), null).known).toBe(false);
  });

  it("takes the server's unread count, except for the open chat", () => {
    const current = [chat("a", null, 1), chat("b", null, 0)];
    expect(setUnread(current, "b", 4, "a").map((c) => c.unreadCount)).toEqual([1, 4]);
    expect(setUnread(current, "a", 4, "a").map((c) => c.unreadCount)).toEqual([0, 0]);
    expect(totalUnread([chat("a", null, 2), chat("b", null, 3)])).toBe(5);
  });

  it("clears the nav badge on click and counts only what came after", () => {
    expect(navBadgeCount(5, 0)).toBe(5);
    expect(navBadgeCount(5, 5)).toBe(0);
    expect(navBadgeCount(7, 5)).toBe(2);
    expect(navBadgeCount(1, 5)).toBe(0);
  });

  it("searches the bot name and, for admins, the owner", () => {
    const owned = {
      ...chat("a", null),
      _user: { _id: "u", firstname: "Noa", lastname: "Levi", fullname: "Noa Levi", email: "noa@x.io" },
    };
    expect(matchesSearch(owned, "bot a")).toBe(true);
    expect(matchesSearch(owned, "levi")).toBe(true);
    expect(matchesSearch(owned, "nobody")).toBe(false);
    expect(matchesSearch(owned, "  ")).toBe(true);
  });

  it("puts the admin's groups with the latest message first", () => {
    const user = (id: string) => ({
      _id: id,
      firstname: id,
      lastname: "",
      fullname: id,
      email: `${id}@x.io`,
    });
    const groups = sortGroups([
      { user: user("quiet"), chats: [chat("q", null)] },
      { user: user("old"), chats: [chat("o", "2026-01-01T00:00:00Z")] },
      { user: user("new"), chats: [chat("n1", "2026-01-01T00:00:00Z"), chat("n2", "2026-02-01T00:00:00Z")] },
    ]);
    expect(groups.map((g) => g.user._id)).toEqual(["new", "old", "quiet"]);
  });
});
