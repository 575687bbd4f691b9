import { SettingsError } from "@dirabot/platform";
import webpush from "web-push";
import type { NotificationsSettings } from "../settings.ts";
import type { SubscriptionsRepo } from "./subscriptions.repo.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID pair pushes are signed with: VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY when set (both or
 * neither), else a pair generated once and kept in the notifications schema, so every replica
 * signs with the same key and a restart keeps browsers' subscriptions valid (with the embedded
 * database that is DATA_DIR). A bad pair stops the start with one line.
 */
export async function vapidKeys(
  settings: NotificationsSettings,
  repo: SubscriptionsRepo,
): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, VAPID_SUBJECT: subject } = settings;
  if (Boolean(pub) !== Boolean(priv))
    throw new SettingsError(
      `${pub ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"}: required with ${pub ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY"} (set both, or neither to generate a pair)`,
    );
  const keys =
    pub && priv ? { publicKey: pub, privateKey: priv } : await repo.vapidKeys(webpush.generateVAPIDKeys);
  try {
    webpush.setVapidDetails(subject, keys.publicKey, keys.privateKey); // validates the pair's form
  } catch (err) {
    throw new SettingsError(`VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: ${(err as Error).message}`);
  }
  return { ...keys, subject };
}
