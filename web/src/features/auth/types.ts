// The signed-in user as GET /api/users/me returns it: the shapes are the API contract's.
import type { User } from "@dirabot/api";

export type { NotifySettings, QuietHours, Role, User } from "@dirabot/api";

/**
 * What the start-up check concluded: a user, or nobody; `bannedReason` when the session was ended
 * by a ban (the server's 401 `banned`): the app shows /banned with it instead of sign-in.
 */
export interface Session {
  user: User | null;
  bannedReason?: string;
}

export function isAdmin(user: User | null | undefined): boolean {
  return Boolean(user?.roles?.includes("admin"));
}
