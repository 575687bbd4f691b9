import type { Generated, Kysely, Selectable, Transaction } from "kysely";

/** A property match's listing as stored with its notification (the proto's PropertyMatch). */
export interface MatchJson {
  listingId: string;
  chatId: string;
  messageId: string;
  price?: number;
  rooms?: number;
  area: string;
  location: string;
  size?: number;
  image: string;
  link: string;
}

/** The notifications schema as Kysely sees it. */
export interface NotificationsDb {
  notifications: {
    id: Generated<string>;
    user_id: string;
    title: string;
    body: string;
    type: string;
    is_read: Generated<boolean>;
    url: Generated<string>;
    created_at: Generated<Date>;
    match: MatchJson | null;
  };
  push_subscriptions: {
    endpoint: string;
    user_id: string;
    p256dh: string;
    auth: string;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  push_deliveries: {
    id: Generated<string>;
    key: string;
    endpoint: string;
    user_id: string;
    payload: string;
    urgency: string;
    topic: string;
    ttl_seconds: number;
    attempts: Generated<number>;
    next_at: Date;
    last_error: string | null;
    created_at: Date;
  };
  telegram_sends: {
    id: Generated<string>;
    key: string;
    user_id: string;
    text: string;
    photo: Generated<string>;
    attempts: Generated<number>;
    next_at: Date;
    last_error: string | null;
    created_at: Date;
  };
  match_dispatches: {
    notification_id: string;
    user_id: string;
    release_at: Date | null;
    attempts: Generated<number>;
    next_at: Date;
    created_at: Date;
  };
  source_outages: {
    id: Generated<string>;
    source: string;
    reason: string;
    started_at: Date;
    alerted_at: Date | null;
    recovered_at: Date | null;
    recovery_alerted_at: Date | null;
  };
  vapid_keys: {
    id: number;
    public_key: string;
    private_key: string;
    created_at: Generated<Date>;
  };
}
export type NotificationRow = Selectable<NotificationsDb["notifications"]>;
export type SubscriptionRow = Selectable<NotificationsDb["push_subscriptions"]>;
export type PushDeliveryRow = Selectable<NotificationsDb["push_deliveries"]>;
export type TelegramSendRow = Selectable<NotificationsDb["telegram_sends"]>;
export type DispatchRow = Selectable<NotificationsDb["match_dispatches"]>;
export type Db = Kysely<NotificationsDb>;
export type Trx = Transaction<NotificationsDb>;
