import type { Generated, Kysely, Transaction } from "kysely";

/** A row of `chat.chats`. */
export interface ChatRow {
  id: string;
  bot_id: string;
  bot_name: string;
  user_id: string;
  unread_count: number;
  last_message_id: string | null;
  last_message_at: Date | null;
  favorite: boolean;
  bot_updated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A row of `chat.messages`; `sender` and `asset` are protobuf JSON (Sender, Listing). */
export interface MessageRow {
  id: string;
  chat_id: string;
  content: string;
  /** "price_drop" (0003_price_drops): a drop of a flat the bot had posted; its asset is that flat. */
  type: "text" | "asset" | "price_drop";
  sender: unknown | null;
  is_read: boolean;
  starred: boolean;
  temp_id: string;
  asset: unknown | null;
  canonical_id: string | null;
  created_at: Date;
  updated_at: Date;
}

type Defaults<T, K extends keyof T> = Omit<T, K> & { [P in K]: Generated<T[P]> };

/** The chat schema as Kysely sees it. */
export interface ChatDb {
  chats: Defaults<
    ChatRow,
    | "bot_name"
    | "unread_count"
    | "last_message_id"
    | "last_message_at"
    | "favorite"
    | "bot_updated_at"
    | "created_at"
    | "updated_at"
  >;
  messages: Defaults<
    MessageRow,
    | "id"
    | "sender"
    | "is_read"
    | "starred"
    | "temp_id"
    | "asset"
    | "canonical_id"
    | "created_at"
    | "updated_at"
  >;
  deleted_chats: { id: string; deleted_at: Generated<Date> };
  first_deliveries: {
    canonical_id: string;
    source: string;
    posted_at: Date;
    delivered_at: Generated<Date>;
    live: boolean;
  };
}
export type Db = Kysely<ChatDb>;
export type Trx = Transaction<ChatDb>;
