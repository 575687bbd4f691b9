import type { TelegramLinkBody, TelegramLinkCode, UserPatch } from "@dirabot/api";
import { api } from "../../lib/api.ts";
import type { User } from "../auth/index.ts";

// The /api/users calls; the shapes are the API contract's (a patch: what is left out stays as it is).

export type { UserPatch } from "@dirabot/api";

export async function updateUser(id: string | undefined, patch: UserPatch): Promise<User> {
  if (!id) throw new Error("User ID is required to update profile");
  const result = await api.patch<{ user: User }>(`/api/users/${encodeURIComponent(id)}`, patch);
  return result.user;
}

/** The admin list; [] when the call fails, so the table shows "Not found" rather than break. */
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

export type TelegramLink = TelegramLinkCode;
/** A link code: with the current password, or none for an account without one (a recent sign-in). */
export const createTelegramLink = (body: TelegramLinkBody) =>
  api.post<TelegramLinkCode>("/api/users/me/telegram-link", body);

export const usersKey = ["users"] as const;
