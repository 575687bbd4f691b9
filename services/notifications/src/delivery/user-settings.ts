import type { User } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { QuietHours } from "./quiet-hours.ts";

/**
 * What delivery needs of a user: identity's `notify` settings. Whether a Telegram account is
 * linked is the telegram service's to know: SendToUser answers NOT_FOUND for an unlinked user,
 * and the send ends there (the link can go between any check and the send anyway).
 */
export interface DeliverySettings {
  telegramMatches: boolean;
  quietHours?: QuietHours;
}

export function deliverySettings(user: User | undefined): DeliverySettings {
  const notify = user?.notify;
  const q = notify?.quietHours;
  return {
    telegramMatches: Boolean(notify?.telegramMatches),
    quietHours: q?.from && q.to ? { from: q.from, to: q.to } : undefined,
  };
}
