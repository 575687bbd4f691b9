import type { PushDevice, SessionDevice } from "@dirabot/api";
import { api } from "../../lib/api.ts";

// What can reach the account (the profile's "Signed in and connected"): the /api/users/me calls.

export const accessKey = ["users", "me", "access"] as const;

export const listSessions = () => api.get<SessionDevice[]>("/api/users/me/sessions");
export const endSession = (id: string) =>
  api.delete<{ ended: true; current: boolean }>(`/api/users/me/sessions/${encodeURIComponent(id)}`);
export const listPushDevices = () => api.get<PushDevice[]>("/api/users/me/push-subscriptions");
export const removePushDevice = (id: string) =>
  api.delete<{ removed: true }>(`/api/users/me/push-subscriptions/${encodeURIComponent(id)}`);
export const unlinkTelegram = () => api.delete<{ unlinked: boolean }>("/api/users/me/telegram-link");
