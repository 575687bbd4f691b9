import type { Kysely } from "kysely";
import type { DB } from "./db.generated.ts";

/** The scraper_facebook schema as Kysely sees it: generated from the migrations (`npm run db:types`). */
export type FacebookDb = DB;
export type Db = Kysely<FacebookDb>;
