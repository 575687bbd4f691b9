import type { Kysely, Transaction } from "kysely";
import type { DB } from "./db.generated.ts";

/** The telegram schema as Kysely sees it: generated from the migrations (`npm run db:types`). */
export type TelegramDb = DB;
export type Db = Kysely<TelegramDb>;
export type Trx = Transaction<TelegramDb>;
