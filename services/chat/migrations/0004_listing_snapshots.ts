import type { AnyDb } from "@dirabot/platform";
import { sql } from "kysely";

/**
 * A listing's matches share one copy of it: the listing as it was when it matched is written once
 * per `listing.matched` event into `listing_snapshots`, and each of the ~900 asset messages it
 * makes refers to that row (`snapshot_id`) instead of holding a copy of the listing's JSON (about
 * a kilobyte, against ~200 bytes for the rest of the row). Messages written before, and price
 * drops and text messages, keep their own `asset`; a reader takes `asset`, else the snapshot's.
 * No foreign key: the snapshot is written in the transaction that writes its messages, and a
 * key's check on each of ~900 rows is the cost this table is here to save. A snapshot whose
 * chats were all deleted stays (it holds a public listing, nobody's data).
 */
export const listingSnapshots = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("listing_snapshots")
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("asset", "jsonb", (c) => c.notNull()) // the Listing as protobuf JSON
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.alterTable("messages").addColumn("snapshot_id", "uuid").execute();
  },
};
