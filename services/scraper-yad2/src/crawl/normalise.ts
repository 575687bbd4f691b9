import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { israelTime, normaliseEntryDate } from "@dirabot/platform";
import type { ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { Item, Marker } from "../yad2/schemas.ts";
import { parseYad2Date } from "./israel-time.ts";

export type ListingInput = MessageInitShape<typeof ListingInputSchema>;

export const itemLink = (token: string) => `https://www.yad2.co.il/realestate/item/${token}`;

const IMAGE_TIME = /_(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\.[a-z]+(?:\?.*)?$/i;

/** Image names often end in `_YYYYMMDDHHMMSS.jpeg`: the earliest is a usable posting-time hint. */
export function postedHint(images: string[], now = Date.now()): Date | undefined {
  let best: Date | undefined;
  for (const url of images) {
    const m = IMAGE_TIME.exec(url);
    if (!m) continue;
    const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const t = israelTime(y, mo, d, h, mi, s);
    if (t && t.getTime() <= now + 86_400_000 && (!best || t < best)) best = t;
  }
  return best;
}

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);
const positive = (v: number | null | undefined) => (v != null && v > 0 ? v : undefined);

/** One map-feed marker as a listing; `city` is the CBS code the query asked for. */
export function fromMarker(m: Marker, city: number | undefined): ListingInput {
  const a = m.address;
  const images = [...(m.metaData?.images ?? [])];
  const cover = m.metaData?.coverImage;
  if (cover && !images.includes(cover)) images.unshift(cover);
  const size = positive(m.additionalDetails?.squareMeter) ?? positive(m.metaData?.squareMeterBuild);
  const posted = postedHint(images);
  const house = a?.house?.number;
  return {
    source: "yad2",
    externalId: m.token,
    link: itemLink(m.token),
    kind: "apartment",
    images,
    price: positive(m.price) !== undefined ? Math.round(m.price as number) : undefined,
    merchant: m.adType ? m.adType !== "private" : undefined,
    street: text(a?.street?.text),
    houseNumber: house != null && String(house).trim() ? String(house).trim() : undefined,
    city: text(a?.city?.text),
    cityCode: city,
    neighborhood: text(a?.neighborhood?.text),
    floor: a?.house?.floor != null ? Math.round(a.house.floor) : undefined,
    lat: a?.coords?.lat,
    lon: a?.coords?.lon,
    rooms: positive(m.additionalDetails?.roomsCount),
    size: size !== undefined ? Math.round(size) : undefined,
    agency: text(m.customer?.agencyName),
    postedAt: posted ? timestampFromDate(posted) : undefined,
  };
}

/**
 * What item details add. The description is always sent (empty when Yad2 has none) so the
 * listing counts as having its details and is not fetched again.
 */
export function fromItem(token: string, item: Item): ListingInput {
  const created = parseYad2Date(item.dates?.createdAt);
  return {
    source: "yad2",
    externalId: token,
    description: item.metaData?.description?.trim() ?? "",
    postedAt: created ? timestampFromDate(created) : undefined,
    // "YYYY-MM-DD" or "immediate"; a text we cannot read ("גמיש") is left unset, as unknown.
    entryDate: normaliseEntryDate(item.additionalDetails?.entranceDate) ?? undefined,
    contactName: text(item.customer?.name),
    agency: text(item.customer?.agencyName),
    facts: itemFacts(item.inProperty),
  };
}

const said = (...v: (boolean | null | undefined)[]) => v.find((x) => typeof x === "boolean");

/**
 * The item page's checkboxes as facts. Yad2's form asks each one, so a box it answers false is
 * "no"; a key it leaves out stays unknown.
 */
export function itemFacts(p: Item["inProperty"]): ListingInput["facts"] {
  if (!p) return undefined;
  return {
    safeRoom: said(p.includeSecurityRoom),
    parking: said(p.includeParking),
    elevator: said(p.includeElevator),
    balcony: said(p.includeBalcony),
    furnished: said(p.includeFurniture),
    pets: said(p.includePets, p.isPetsAllowed),
    airConditioning: said(p.includeAirconditioner),
    accessible: said(p.includeAccessibility, p.isHandicapped),
  };
}
