import { neighborhoods } from "@dirabot/geography";
import type pg from "pg";

/**
 * Adds `n` active listings straight into the listings table, `${seed}-sql-<i>`: browse figures
 * need the volume, not the ingest path. Points spread at random over central Tel Aviv
 * (32.03–32.13, 34.74–34.84), each in one of Tel Aviv's neighbourhoods (so each area has its own
 * price signal), 1–5 rooms, ₪2,500–14,400, a third from agencies, first seen over the last week;
 * a quarter enter at once, a quarter say no date, the rest on a day of the next four months.
 */
export async function fillListings(pool: pg.Pool, seed: string, n: number): Promise<void> {
  const codes = neighborhoods()
    .filter((h) => h.cityCode === 5000)
    .map((h) => h.code);
  await pool.query(
    `INSERT INTO listings.listings (source, external_id, canonical_id, street, house_number, city, city_code,
       neighborhood, neighborhood_code, neighborhood_method, rooms, size, floor, price, merchant, lat, lon,
       description, search, has_details, first_seen_at, entry_date)
     SELECT 'yad2', $1 || '-sql-' || g, gen_random_uuid(), 'רחוב ' || (g % 300), (g % 150)::text, 'תל אביב יפו', 5000,
       '', ($3::int[])[1 + g % array_length($3::int[], 1)], 'polygon', 1 + (g % 9) / 2.0, 30 + g % 100, g % 10,
       2500 + (g % 120) * 100, g % 3 = 0, 32.03 + random() * 0.1, 34.74 + random() * 0.1, 'דירה ' || g,
       'רחוב ' || (g % 300) || ' דירה ' || g, true, now() - (g % 10000) * interval '1 minute',
       CASE g % 4 WHEN 0 THEN 'immediate' WHEN 1 THEN '' ELSE to_char(current_date + (g % 120), 'YYYY-MM-DD') END
     FROM generate_series(1, $2::int) g`,
    [seed, n, codes],
  );
  await pool.query("UPDATE listings.listings SET canonical_id = id WHERE external_id LIKE $1", [
    `${seed}-sql-%`,
  ]);
  await pool.query("ANALYZE listings.listings");
}
