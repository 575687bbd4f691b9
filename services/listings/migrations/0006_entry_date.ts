import type { AnyDb } from "@dirabot/platform";
import { normaliseEntryDate } from "@dirabot/platform";
import { sql } from "kysely";

const active = sql<boolean>`removed_at IS NULL AND shown`;

/**
 * The entry date as something a filter can use. `entry_date` was the source's text ("מיידית",
 * "2026-12-01T00:00:00", "גמיש"); it now holds "YYYY-MM-DD", "immediate" or "" (unknown), the old
 * texts rewritten here as ingest now writes them. `entry_on` is that as a date, kept by the
 * database: immediate is -infinity, so "available by D" is `entry_on <= D` and unknown (null)
 * never passes. Indexes for that filter and for the list's sort orders (price up and down, price
 * per m², flats without a figure last), each on the active listings as the newest-first one.
 */
export const entryDate = {
  async up(db: AnyDb) {
    const texts = await db
      .selectFrom("listings")
      .select("entry_date")
      .distinct()
      .where("entry_date", "<>", "")
      .execute();
    for (const { entry_date: raw } of texts as { entry_date: string }[]) {
      const value = normaliseEntryDate(raw) ?? "";
      if (value !== raw)
        await db.updateTable("listings").set({ entry_date: value }).where("entry_date", "=", raw).execute();
    }
    await db.schema
      .alterTable("listings")
      .addColumn("entry_on", "date", (c) =>
        c
          .generatedAlwaysAs(
            sql`CASE WHEN entry_date = 'immediate' THEN '-infinity'::date
              WHEN entry_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
              THEN make_date(substr(entry_date, 1, 4)::int, substr(entry_date, 6, 2)::int, substr(entry_date, 9, 2)::int)
              END`,
          )
          .stored(),
      )
      .execute();
    const index = (name: string) => db.schema.createIndex(name).on("listings");
    await index("listings_entry_on").columns(["entry_on", "first_seen_at desc"]).where(active).execute();
    await index("listings_price_up")
      .expression(sql`price ASC NULLS LAST, first_seen_at DESC, id`)
      .where(active)
      .execute();
    await index("listings_price_down")
      .expression(sql`price DESC NULLS LAST, first_seen_at DESC, id`)
      .where(active)
      .execute();
    await index("listings_price_sqm")
      .expression(sql`(price::float8 / size) ASC NULLS LAST, first_seen_at DESC, id`)
      .where(active)
      .execute();
  },
};
