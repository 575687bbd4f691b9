import { api } from "../../lib/api.ts";
import type { User } from "../auth/index.ts";

// The /api/users calls of SPEC §7.

export type UserPatch = Partial<
  Pick<User, "firstname" | "lastname" | "roles" | "isBanned" | "bannedReason" | "avatar">
>;

export async function updateUser(id: string | undefined, patch: UserPatch): Promise<User> {
  if (!id) throw new Error("User ID is required to update profile");
  const result = await api.patch<{ user: User }>(`/api/users/${encodeURIComponent(id)}`, patch);
  return result.user;
}

/** The admin list; [] when the call fails (SPEC §7), so the table shows "Not found" rather than break. */
export async function filterUsers(search: string): Promise<User[]> {
  try {
    const result = await api.get<User[]>("/api/users/filter", { search: search || undefined });
    return Array.isArray(result) ? result : [];
  } catch {
    return [];
  }
}

export const deleteUser = (id: string) =>
  api.delete<{ status: string }>(`/api/users/${encodeURIComponent(id)}`);

export interface TelegramLink {
  code: string;
  url: string;
  expiresAt: string;
}

export const createTelegramLink = () => api.post<TelegramLink>("/api/users/me/telegram-link");

export const usersKey = ["users"] as const;
