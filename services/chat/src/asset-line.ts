import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";

/**
 * The plain-text line of an asset message (what a chat list preview or a notification shows):
 * "Florentin, Tel Aviv · 3 rooms · ₪6,500". The listing itself travels in the message's asset.
 */
export function assetLine(l: Listing): string {
  const place = l.location || [l.neighborhood, l.city].filter(Boolean).join(", ") || "Property";
  const parts = [place];
  if (l.rooms !== undefined) parts.push(`${l.rooms} ${l.rooms === 1 ? "room" : "rooms"}`);
  if (l.price !== undefined) parts.push(`₪${l.price.toLocaleString("en-US")}`);
  return parts.join(" · ");
}
