import type { Kysely } from "kysely";
import type { DB } from "./db.generated.ts";

/** The scraper_yad2 schema as Kysely sees it: generated from the migrations (`npm run db:types`). */
export type Yad2Db = DB;
export type Db = Kysely<Yad2Db>;
