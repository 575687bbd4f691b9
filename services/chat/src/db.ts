import type { Kysely, Selectable, Transaction } from "kysely";
import type { Chats, DB, Messages } from "./db.generated.ts";

/** The chat schema as Kysely sees it: generated from the migrations (`npm run db:types`). */
export type ChatDb = DB;
/** A row of `chat.chats`. */
export type ChatRow = Selectable<Chats>;
/**
 * A row of `chat.messages`; `sender` and `asset` are protobuf JSON (Sender, Listing), and a
 * "price_drop" message (0003_price_drops) is a drop of a flat the bot had posted, its asset that flat.
 * `seq` only orders the rows (0006_message_order) and is never read.
 */
export type MessageRow = Omit<Selectable<Messages>, "seq">;
export type Db = Kysely<ChatDb>;
export type Trx = Transaction<ChatDb>;
