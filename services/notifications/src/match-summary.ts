import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";

/** "New match: <bot name>": the title of a property_match notification. */
export const matchTitle = (botName: string) => `New match: ${oneLine(botName) || "your bot"}`.slice(0, 200);

/**
 * One line about the listing for the notification body: where, how many rooms, the price in
 * shekels with thousands separators (SPEC.md §9), e.g. "Vital 4, Florentin, Tel Aviv · 3 rooms · ₪6,000".
 */
export function matchSummary(listing: Listing | undefined): string {
  if (!listing) return "A new listing matches your bot";
  const where =
    oneLine(listing.location) || [listing.neighborhood, listing.city].map(oneLine).filter(Boolean).join(", ");
  const parts = [
    where,
    listing.rooms !== undefined ? `${listing.rooms} ${listing.rooms === 1 ? "room" : "rooms"}` : "",
    listing.price !== undefined ? `₪${listing.price.toLocaleString("en-US")}` : "",
  ].filter(Boolean);
  return (parts.join(" · ") || "A new listing matches your bot").slice(0, 300);
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
