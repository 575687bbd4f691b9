import type { UserSharing } from "@dirabot/api";
import { api } from "../../lib/api.ts";

// The admin's view of a user's shared bots (GET /api/users/{id}/sharing).

export type { UserSharing } from "@dirabot/api";

export const sharingKey = (userId: string) => ["users", userId, "sharing"] as const;

export const userSharing = (userId: string) =>
  api.get<UserSharing>(`/api/users/${encodeURIComponent(userId)}/sharing`);
