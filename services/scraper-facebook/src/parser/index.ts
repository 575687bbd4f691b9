/**
 * The Facebook post parser: free text in, the fields of a rental listing out.
 * Pure and synchronous; every field it is unsure of is null rather than guessed.
 * `not_offer` posts (sales, seekers, swaps, services, chatter) carry no listing fields:
 * what they describe is not a flat for rent.
 */

import { extractBroker } from "./broker.ts";
import { neighborhoodCode } from "./codes.ts";
import { extractEntryDate } from "./dates.ts";
import { extractFloor } from "./floor.ts";
import { classify, type Kind } from "./kind.ts";
import { splitMarketplace } from "./marketplace.ts";
import { findPhones } from "./phone.ts";
import { extractPlace } from "./place.ts";
import { extractPrice, largestAmount, maskNonAmounts } from "./price.ts";
import { extractRooms } from "./rooms.ts";
import { extractSize } from "./size.ts";
import { extractStreet } from "./street.ts";
import { isTelAvivStreet } from "./streets.ts";
import { blankAll, normalize } from "./text.ts";

export type { Kind } from "./kind.ts";

export interface ParsedPost {
  kind: Kind;
  price: number | null;
  rooms: number | null;
  floor: number | null;
  size: number | null;
  phone: string | null;
  street: string | null;
  neighborhood: string | null;
  neighborhoodCode: number | null;
  city: string | null;
  /** "immediate", an ISO date "YYYY-MM-DD", or null. */
  entryDate: string | null;
  broker: boolean | null;
}

export interface ParseOptions {
  /** When the post was written: dates without a year resolve relative to it. Default: now. */
  postedAt?: Date;
}

/** The output keys in the order CONTRACT.md's `parse:post` writes them. */
export const FIELDS = [
  "kind",
  "price",
  "rooms",
  "floor",
  "size",
  "phone",
  "street",
  "neighborhood",
  "neighborhoodCode",
  "city",
  "entryDate",
  "broker",
] as const satisfies readonly (keyof ParsedPost)[];

const URL = /https?:\/\/\S+|www\.\S+|wa\.me\/\S+/g;

function notOffer(): ParsedPost {
  return {
    kind: "not_offer",
    price: null,
    rooms: null,
    floor: null,
    size: null,
    phone: null,
    street: null,
    neighborhood: null,
    neighborhoodCode: null,
    city: null,
    entryDate: null,
    broker: null,
  };
}

export function parsePost(text: string, options: ParseOptions = {}): ParsedPost {
  const now = options.postedAt ?? new Date();
  const { body, block } = splitMarketplace(normalize(typeof text === "string" ? text : ""));
  const phones = findPhones(body);
  const unlinked = body.replace(URL, (m) => " ".repeat(m.length));
  const plain = blankAll(unlinked, phones);
  const amounts = maskNonAmounts(plain, []);

  const bodyPrice = extractPrice(amounts, null);
  const rooms = extractRooms(plain);
  const kind = classify({
    text: plain,
    hasPrice: bodyPrice !== null,
    hasRooms: rooms !== null,
    listingType: block?.listingType ?? null,
    largestAmount: Math.max(largestAmount(amounts), block?.price ?? 0),
  });
  if (kind === "not_offer") return notOffer();

  const street = extractStreet(plain);
  const streetName = street?.replace(/\s\d+$/, "") ?? null;
  const place = extractPlace(plain, streetName !== null && isTelAvivStreet(streetName), block?.city ?? null);
  const mobile = phones.find((p) => p.phone.startsWith("05")) ?? phones[0];
  return {
    kind,
    price: bodyPrice ?? extractPrice("", block?.price ?? null),
    rooms,
    floor: extractFloor(plain),
    size: extractSize(plain, kind === "room"),
    phone: mobile?.phone ?? null,
    street,
    neighborhood: place.neighborhood,
    neighborhoodCode:
      place.neighborhood && place.city ? neighborhoodCode(place.neighborhood, place.city) : null,
    city: place.city,
    entryDate: extractEntryDate(plain, now),
    broker: extractBroker(plain),
  };
}
