import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type ListingInput, ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { RawPost } from "./group-reader.ts";
import { postFacts } from "./parser/facts.ts";
import type { ParsedPost } from "./parser/index.ts";

/** What the post parser makes of a post's text; null where it is unsure. */
export type Parsed = ParsedPost;

/** "וולפסון 12" → street and house number; a leading "רחוב"/"רח'" is not part of the name. */
export function splitStreet(raw: string): { street: string; number: string | undefined } {
  const s = raw
    .replace(/^\s*(רחוב|רח['׳]?)\s+/, "")
    .replace(/\s+/g, " ")
    .trim();
  const m = /^(.*?\S)\s+(\d{1,4}[א-ת]?)$/.exec(s);
  return m?.[1] && m[2] ? { street: m[1], number: m[2] } : { street: s, number: undefined };
}

export function permalinkOf(baseUrl: string, post: Pick<RawPost, "groupId" | "id">): string {
  return `${baseUrl.replace(/\/$/, "")}/groups/${encodeURIComponent(post.groupId)}/posts/${post.id}/`;
}

const int = (v: number | null) => (v === null || !Number.isFinite(v) ? undefined : Math.round(v));
const text = (v: string | null) => (v && v.trim() !== "" ? v.trim() : undefined);

/** A post that offers a flat, as the listings service takes it (source "facebook", keyed by post id). */
export function toListingInput(post: RawPost, parsed: Parsed, baseUrl: string): ListingInput {
  const place = parsed.street ? splitStreet(parsed.street) : undefined;
  // parse:post states only what the post says; the listing also takes what it implies (the
  // house number, the city of a Tel Aviv street) and the fuller entry date, for the filters.
  return create(ListingInputSchema, {
    source: "facebook",
    externalId: post.id,
    description: post.text,
    images: post.images,
    link: permalinkOf(baseUrl, post),
    kind: parsed.kind,
    price: int(parsed.price),
    rooms: parsed.rooms ?? undefined,
    floor: int(parsed.floor),
    size: int(parsed.size),
    phone: text(parsed.phone),
    street: place?.street || undefined,
    houseNumber: parsed.houseNumber ?? place?.number,
    neighborhood: text(parsed.neighborhood),
    neighborhoodCode: int(parsed.neighborhoodCode),
    city: text(parsed.city ?? parsed.impliedCity),
    entryDate: text(parsed.entry),
    merchant: parsed.broker ?? undefined,
    contactName: text(post.author),
    sourceGroup: post.groupName,
    postedAt: post.postedAt ? timestampFromDate(post.postedAt) : undefined,
    // Read from the text apart from parse:post, whose output fields are fixed; unstated stays unknown.
    facts: postFacts(post.text),
  });
}

/** The geocoder query for a listing with a street: "street [number], city". */
export function placeQuery(input: ListingInput): string | undefined {
  if (!input.street) return undefined;
  const street = input.houseNumber ? `${input.street} ${input.houseNumber}` : input.street;
  return input.city ? `${street}, ${input.city}` : street;
}

// Israel with a margin (Eilat to Metula, the coast to the Jordan valley): a hit outside is the
// geocoder guessing another street of the same name abroad.
export const inIsrael = (lat: number, lon: number) =>
  lat >= 29.4 && lat <= 33.4 && lon >= 34.2 && lon <= 35.95;
