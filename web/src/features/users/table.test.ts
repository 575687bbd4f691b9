import { describe, expect, it } from "vitest";
import type { User } from "../auth/index.ts";
import { clampPage, formatDate, pageOf, providerLabel, sortUsers } from "./table.ts";
import { testUser } from "./testUser.ts";

function user(firstname: string, extra: Partial<User> = {}): User {
  return testUser({ _id: firstname, firstname, lastname: "X", email: `${firstname}@x.il`, ...extra });
}

describe("admin users table", () => {
  it("sorts by full name, either way, ignoring case", () => {
    const users = [user("carol"), user("Alice"), user("bob")];
    expect(sortUsers(users, "fullname", "asc").map((u) => u.firstname)).toEqual(["Alice", "bob", "carol"]);
    expect(sortUsers(users, "fullname", "desc").map((u) => u.firstname)).toEqual(["carol", "bob", "Alice"]);
  });

  it("sorts dates as dates", () => {
    const users = [
      user("a", { createdAt: "2026-03-01T00:00:00Z" }),
      user("b", { createdAt: "2025-12-31T00:00:00Z" }),
    ];
    expect(sortUsers(users, "createdAt", "asc").map((u) => u.firstname)).toEqual(["b", "a"]);
  });

  it("pages and keeps the page within range", () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    expect(pageOf(items, 2, 5)).toEqual([10, 11]);
    expect(clampPage(3, 10, 5)).toBe(1);
    expect(clampPage(0, 0, 5)).toBe(0);
  });

  it("shows dates the Israeli way and local accounts as Local", () => {
    expect(formatDate("2026-03-05T10:00:00Z")).toBe("5.3.2026");
    expect(providerLabel(user("a", { oauthProvider: "none" }))).toBe("Local");
    expect(providerLabel(user("a", { oauthProvider: "google" }))).toBe("Google");
  });
});
