// The signed-in user as GET /api/users/me returns it (SPEC §3).
export type Role = "user" | "admin";

export interface User {
  _id: string;
  firstname: string;
  lastname: string;
  fullname?: string;
  email: string;
  avatar?: string;
  roles: Role[];
  isBanned?: boolean;
  bannedReason?: string;
  oauthProvider?: "google" | "facebook" | "none" | null;
  createdAt?: string;
  telegram?: { linked: boolean; username?: string };
}

/** What the start-up check concluded: a user, or nobody. */
export interface Session {
  user: User | null;
}

export function isAdmin(user: User | null | undefined): boolean {
  return Boolean(user?.roles?.includes("admin"));
}
