import type { User } from "../auth/index.ts";

/** Test fixture: a signed-in user as GET /api/users/me answers one, with what a test changes. */
export function testUser(extra: Partial<User> = {}): User {
  return {
    _id: "u1",
    firstname: "Dana",
    lastname: "K",
    fullname: "",
    email: "d@x",
    avatar: "",
    roles: ["user"],
    isBanned: false,
    bannedReason: "",
    oauthProvider: "none",
    createdAt: null,
    telegram: { linked: false, username: "" },
    notify: { telegramMatches: false, quietHours: null },
    ...extra,
  };
}
