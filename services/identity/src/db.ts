import type { Kysely, Transaction } from "kysely";
import type { DB } from "./db.generated.ts";

/** The identity schema as Kysely sees it: generated from the migrations (`npm run db:types`). */
export type IdentityDb = DB;
export type Db = Kysely<IdentityDb>;
export type Trx = Transaction<IdentityDb>;
