import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  type Facts,
  type Listing,
  ListingSchema,
  type PriceSignal,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import type { Selectable } from "kysely";
import type { Listings } from "./db.generated.ts";
import { factsProto, termOf } from "./facts.ts";

/** A row of `listings.listings` as the repository reads it (its columns come from the migrations). */
export type ListingRow = Selectable<Listings>;

/**
 * What ingest writes: every column but the ones the database keeps and the photo hasher's
 * (photos.repo.ts).
 */
export type ListingValues = Omit<
  ListingRow,
  | "id"
  | "canonical_id"
  | "shown"
  | "first_seen_at"
  | "last_seen_at"
  | "checked_at"
  | "removed_at"
  | "announce_held"
  | "photo_due"
  | "photo_hash"
  | "photo_tries"
  | "entry_on"
>;

/** A place name that lists several places ("נווה גן;קרית שאול", as a source stores it) as people read it. */
export const placeText = (name: string) => name.replace(/\s*;\s*/g, ", ");

/** "Street 12, Neighbourhood, City": the title the cards show, from what is known. */
export function locationOf(r: Pick<ListingRow, "street" | "house_number" | "neighborhood" | "city">): string {
  const street = [r.street, r.house_number].filter(Boolean).join(" ");
  return [street, placeText(r.neighborhood), r.city].filter(Boolean).join(", ");
}

/** The lowercased text `searchText` is matched against (street, neighbourhood, city, description). */
export function searchTextOf(
  r: Pick<ListingRow, "street" | "house_number" | "neighborhood" | "city" | "description">,
): string {
  return [r.street, r.house_number, r.neighborhood, r.city, r.description].join(" ").toLowerCase();
}

const ts = (d: Date | null) => (d ? timestampFromDate(d) : undefined);
const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

/**
 * The proto Listing; its price signal is looked up apart (`PriceSignals`) and passed in, and so
 * are its duplicate group's facts where the caller merged them (else the listing's own).
 */
export function toProto(r: ListingRow, signal?: PriceSignal, facts?: Facts): Listing {
  return create(ListingSchema, {
    id: r.id,
    source: r.source,
    externalId: r.external_id,
    canonicalId: r.canonical_id,
    images: r.images,
    description: r.description,
    location: locationOf(r),
    street: r.street,
    houseNumber: r.house_number,
    city: r.city,
    cityCode: r.city_code,
    neighborhood: placeText(r.neighborhood),
    neighborhoodCode: opt(r.neighborhood_code),
    neighborhoodMethod: r.neighborhood_method,
    rooms: opt(r.rooms),
    size: opt(r.size),
    floor: opt(r.floor),
    price: opt(r.price),
    phone: r.phone,
    link: r.link,
    merchant: opt(r.merchant),
    lat: opt(r.lat),
    lon: opt(r.lon),
    contactName: r.contact_name,
    agency: r.agency,
    entryDate: r.entry_date,
    kind: r.kind,
    postedAt: ts(r.posted_at),
    firstSeenAt: ts(r.first_seen_at),
    lastSeenAt: ts(r.last_seen_at),
    removedAt: ts(r.removed_at),
    checkedAt: ts(r.checked_at),
    sourceGroup: r.source_group ?? "",
    priceSignal: signal,
    facts: facts ?? factsProto(r),
    term: termOf(r.kind),
  });
}
