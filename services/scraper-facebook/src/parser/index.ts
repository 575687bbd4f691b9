/**
 * The Facebook post parser: free text in, the fields of a rental listing out.
 * Pure and synchronous; every field it is unsure of is null rather than guessed.
 * `not_offer` posts (sales, seekers, swaps, services, chatter) carry no listing fields:
 * what they describe is not a flat for rent.
 */

import { extractBroker } from "./broker.ts";
import { neighborhoodCode } from "./codes.ts";
import { extractEntryDate } from "./dates.ts";
import { extractEntry } from "./entry.ts";
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
  /** The street's name without its house number and without `רחוב`/`רח'`. */
  street: string | null;
  neighborhood: string | null;
  neighborhoodCode: number | null;
  city: string | null;
  /** An ISO date "YYYY-MM-DD" when the post gives a day; null for "immediate", a month alone (FIELDS.md). */
  entryDate: string | null;
  broker: boolean | null;
  /**
   * Not part of `parse:post`'s answer (its keys are fixed), but what the listing needs: the
   * house number after the street (geocoding, duplicate linking), the entry date a renter sees
   * (`entry.ts`: also "immediate", a month after an entry word, a range's first day), and the
   * city the street or neighbourhood implies when the post names none.
   */
  houseNumber: string | null;
  entry: string | null;
  impliedCity: string | null;
}

export interface ParseOptions {
  /** When the post was written: dates without a year resolve relative to it. Default: now. */
  postedAt?: Date;
}

/** The output keys of `parse:post`, in the order it writes them. */
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
    houseNumber: null,
    entry: null,
    impliedCity: null,
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

  const found = extractStreet(plain);
  const street = found?.replace(/\s\d+$/, "") ?? null;
  const place = extractPlace(plain, street !== null && isTelAvivStreet(street), block?.city ?? null);
  const codeCity = place.city ?? place.impliedCity;
  const exact = extractEntryDate(plain, now);
  return {
    kind,
    price: bodyPrice ?? extractPrice("", block?.price ?? null),
    rooms,
    floor: extractFloor(plain),
    size: extractSize(plain, kind === "room"),
    // The first number in the text, whatever its kind: the one the poster put first.
    phone: phones[0]?.phone ?? null,
    street,
    neighborhood: place.neighborhood,
    neighborhoodCode: place.neighborhood && codeCity ? neighborhoodCode(place.neighborhood, codeCity) : null,
    city: place.city,
    // parse:post's date is only a day the post gives (FIELDS.md); `entry` reads more.
    entryDate: exact === "immediate" ? null : exact,
    broker: extractBroker(plain, kind),
    houseNumber: /\s(\d+)$/.exec(found ?? "")?.[1] ?? null,
    entry: extractEntry(plain, now, exact),
    impliedCity: place.city ?? place.impliedCity,
  };
}
