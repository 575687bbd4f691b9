import type { Generated, Kysely, Transaction } from "kysely";

/** A row of `bots.bots`. */
export interface BotRow {
  id: string;
  user_id: string;
  bot_name: string;
  description: string;
  chat_id: string;
  chat_name: string;
  active: boolean;
  neighborhood_codes: number[];
  price_min: number;
  price_max: number;
  min_rooms: number;
  merchant: boolean | null;
  /** A Telegram group bot's group; null for a website bot. */
  telegram_chat_id: string | null;
  /** The owner is banned: the bot matches nothing until the ban is lifted (0003_suspended). */
  suspended: boolean;
  /** Must-haves and inclusions (0004_facts): unknown never passes a must-have. */
  need_safe_room: boolean;
  need_parking: boolean;
  need_elevator: boolean;
  include_rooms: boolean;
  include_sublets: boolean;
  created_at: Date;
  updated_at: Date;
}

type WithDefaults<T, K extends keyof T> = Omit<T, K> & { [P in K]: Generated<T[P]> };

/** The bots schema as Kysely sees it. */
export interface BotsDb {
  bots: WithDefaults<
    BotRow,
    | "id"
    | "description"
    | "chat_id"
    | "active"
    | "neighborhood_codes"
    | "price_min"
    | "price_max"
    | "min_rooms"
    | "suspended"
    | "need_safe_room"
    | "need_parking"
    | "need_elevator"
    | "include_rooms"
    | "include_sublets"
    | "created_at"
    | "updated_at"
  > & { suspension_at: Date | null };
  bot_posts: { bot_id: string; canonical_id: string; listing_id: string; created_at: Generated<Date> };
}
export type Db = Kysely<BotsDb>;
export type Trx = Transaction<BotsDb>;
