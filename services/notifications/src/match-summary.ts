import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { MatchJson } from "./db.ts";

/** "New match: <bot name>": the title of a property_match notification. */
export const matchTitle = (botName: string) => `New match: ${oneLine(botName) || "your bot"}`.slice(0, 200);

/**
 * One line about the listing for the notification body: where, how many rooms, the price in
 * shekels with thousands separators as every screen shows prices, e.g. "Vital 4, Florentin, Tel Aviv · 3 rooms · ₪6,000".
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

/** What a match's push and Telegram message need of the listing, kept with the notification. */
export function matchOf(listing: Listing | undefined, chatId: string, messageId: string): MatchJson {
  const area = oneLine(listing?.neighborhood ?? "") || oneLine(listing?.city ?? "");
  return {
    listingId: listing?.id ?? "",
    chatId,
    messageId,
    price: listing?.price || undefined, // 0 is "call for price"
    rooms: listing?.rooms,
    area,
    location: oneLine(listing?.location ?? "") || area,
    size: listing?.size || undefined,
    // An address of its own or a path of this site (the demo's pictures).
    image: listing?.images.find((u) => /^(https?:\/\/|\/(?!\/))/i.test(u)) ?? "",
    link: /^https?:\/\//i.test(listing?.link ?? "") ? (listing?.link ?? "") : "",
    phone: oneLine(listing?.phone ?? "") || undefined,
    street: oneLine(listing?.street ?? "") || undefined,
    lat: listing?.lat,
    lon: listing?.lon,
  };
}

/**
 * Where a tap on a match leads (push, Telegram): its chat at the message with the flat's story
 * open over it, so closing the story lands in the chat, next to the flat's other matches.
 */
export const storyUrl = (url: string, listingId: string | undefined) =>
  listingId ? `${url}${url.includes("?") ? "&" : "?"}story=${encodeURIComponent(listingId)}` : url;

/** The bot's chat opened at the match's message. */
export const matchUrl = (chatId: string, messageId: string) =>
  `/chats/${encodeURIComponent(chatId)}?message=${encodeURIComponent(messageId)}`;
