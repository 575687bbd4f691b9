import type { Kysely, Transaction } from "kysely";
import type { DB } from "./db.generated.ts";

/** The listings schema as Kysely sees it: generated from the migrations (`npm run db:types`). */
export type ListingsDb = DB;
export type Db = Kysely<ListingsDb>;
export type Trx = Transaction<ListingsDb>;
