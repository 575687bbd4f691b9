import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB } from "./db.generated.ts";

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
  /** The bot that matched (a match): its name for a title in the recipient's language. */
  botName?: string;
  /** A price drop's old and new price, for its title in the recipient's language. */
  drop?: { from: number; to: number };
  /** The advertiser's phone as the source wrote it, and the street: for a match's WhatsApp button. */
  phone?: string;
  street?: string;
  /** The flat's point, when the source gave one: a Telegram match says how far it is from the user's places. */
  lat?: number;
  lon?: number;
}

/** A link button under a Telegram message. */
export interface LinkButton {
  text: string;
  url: string;
}

/**
 * The notifications schema as Kysely sees it: generated from the migrations (`npm run db:types`),
 * which types `notifications.match` as MatchJson.
 */
export type NotificationsDb = DB;
export type NotificationRow = Selectable<NotificationsDb["notifications"]>;
export type SubscriptionRow = Selectable<NotificationsDb["push_subscriptions"]>;
export type PushDeliveryRow = Selectable<NotificationsDb["push_deliveries"]>;
export type TelegramSendRow = Selectable<NotificationsDb["telegram_sends"]>;
export type DispatchRow = Selectable<NotificationsDb["match_dispatches"]>;
export type Db = Kysely<NotificationsDb>;
export type Trx = Transaction<NotificationsDb>;
