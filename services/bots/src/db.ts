import type { Kysely, Selectable, Transaction } from "kysely";
import type { Bots, DB } from "./db.generated.ts";

/** The bots schema as Kysely sees it: generated from the migrations (`npm run db:types`). */
export type BotsDb = DB;
/** A row of `bots.bots`. */
export type BotRow = Selectable<Bots>;
export type Db = Kysely<BotsDb>;
export type Trx = Transaction<BotsDb>;
