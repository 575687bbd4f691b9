import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import type { Listing } from "@dirabot/proto/listings/v1/listings_pb.js";

/** The spec's Asset (SPEC.md §3) as the browser receives it. */
export interface AssetJson {
  _id: string;
  images: string[];
  description: string;
  location: string;
  neighborhoodCode: number | null;
  neighborhood: string | null;
  city: string | null;
  rooms: number | null;
  size: number | null;
  floorNumber: number | null;
  price: number | null;
  phoneNumber: string | null;
  link: string | null;
  googleMapsUrl: string | null;
  merchant: boolean | null;
  src: string;
  coordinates: { type: "Point"; coordinates: [number, number] } | null;
  createdAt: string | null;
  postedAt: string | null;
  entryDate: string | null;
  canonicalId: string;
}

const iso = (t: Timestamp | undefined) => (t ? timestampDate(t).toISOString() : null);
const text = (s: string) => (s.trim() === "" ? null : s);

/** A Google Maps search for the point, else for the written address; null when there is neither. */
export function googleMapsUrl(l: Pick<Listing, "lat" | "lon" | "location">): string | null {
  const query =
    l.lat !== undefined && l.lon !== undefined ? `${l.lat},${l.lon}` : l.location.trim() || undefined;
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

/**
 * The one mapping from a proto Listing to the Asset JSON. Something the source did not give is
 * null (never "" or 0), so the screens can tell "unknown" from a value; a price of 0 is the
 * sources' "call for price", so it is null as well.
 */
export function assetJson(l: Listing): AssetJson {
  const hasPoint = l.lat !== undefined && l.lon !== undefined;
  return {
    _id: l.id,
    images: l.images,
    description: l.description,
    location: l.location,
    neighborhoodCode: l.neighborhoodCode ?? null,
    neighborhood: text(l.neighborhood),
    city: text(l.city),
    rooms: l.rooms ?? null,
    size: l.size ?? null,
    floorNumber: l.floor ?? null,
    price: l.price ? l.price : null,
    phoneNumber: text(l.phone),
    link: text(l.link),
    googleMapsUrl: googleMapsUrl(l),
    merchant: l.merchant ?? null,
    src: l.source,
    // GeoJSON order, like the map layers: [longitude, latitude].
    coordinates: hasPoint ? { type: "Point", coordinates: [l.lon as number, l.lat as number] } : null,
    createdAt: iso(l.firstSeenAt),
    postedAt: iso(l.postedAt),
    entryDate: text(l.entryDate),
    canonicalId: l.canonicalId || l.id,
  };
}
