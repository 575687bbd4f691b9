/**
 * Facebook Marketplace blocks: a price line (`₪7,000`, `$10,500`, `FREE`), then
 * `  · city, region`, then a title or `2 beds · 1 bath · Apartment/condo`.
 * The block is only a hint: its price can be in `$` for shekels, a `₪1` placeholder or a
 * sale price cut short, and its location can be wrong. The body is parsed without the
 * price and location lines; the block is used when the body says nothing.
 */
import { parseNumber } from "./text.ts";

export interface Marketplace {
  /** The price shown, when it is a plausible figure (not a ₪1 placeholder or FREE). */
  price: number | null;
  /** The city part of the location line (`תל אביב-יפו` …). */
  city: string | null;
  /** `Apartment/condo`, `House`, `Room Only` …, from the beds · bath line. */
  listingType: string | null;
}

const PRICE_LINE = /^\s*(?:₪|\$|NIS\s*)?(\d{1,3}(?:,\d{3})*(?:\.\d{2})?)\s*$|^\s*FREE\s*$/;
// The rest of the line is taken whole and trimmed in code: a lazy `(.+?)\s*$` tried every
// length against every trailing run of spaces (quadratic on a long line).
const LOCATION_LINE = /^\s*·([\s\S]+)$/;
const BEDS_LINE = /^\s*\d+\s+beds?\s*·\s*\d+(?:\.\d)?\s+baths?\s*·([\s\S]+)$/i;

export function splitMarketplace(text: string): { body: string; block: Marketplace | null } {
  const lines = text.split("\n");
  for (let i = 0; i + 1 < lines.length; i++) {
    const p = PRICE_LINE.exec(lines[i] ?? "");
    const loc = p && LOCATION_LINE.exec(lines[i + 1] ?? "");
    if (!p || !loc) continue;
    const amount = p[1] ? parseNumber(p[1]) : null;
    const city = (loc[1] ?? "").split(",")[0]?.trim() || null;
    const beds = BEDS_LINE.exec(lines[i + 2] ?? "");
    const drop = beds ? 3 : 2;
    const body = [...lines.slice(0, i), ...lines.slice(i + drop)].join("\n");
    return {
      body,
      block: {
        price: amount !== null && amount > 1 ? amount : null,
        city,
        listingType: beds?.[1]?.trim() ?? null,
      },
    };
  }
  return { body: text, block: null };
}
