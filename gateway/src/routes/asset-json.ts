import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import {
  type Asset,
  type AssetSource,
  type AssetStory,
  type Cluster,
  type FactChange,
  type Facts,
  type Property,
  Warning,
  warningMessageIn,
} from "@dirabot/api";
import type { Locale } from "@dirabot/platform";
import type {
  GetListingResponse,
  Listing,
  ListingSource,
  MapCell,
} from "@dirabot/proto/listings/v1/listings_pb.js";

function factsJson(f: Listing["facts"]): Facts {
  return {
    safeRoom: f?.safeRoom ?? null,
    parking: f?.parking ?? null,
    elevator: f?.elevator ?? null,
    balcony: f?.balcony ?? null,
    furnished: f?.furnished ?? null,
    pets: f?.pets ?? null,
    airConditioning: f?.airConditioning ?? null,
    accessible: f?.accessible ?? null,
  };
}

const termJson = (t: string): Asset["term"] => (t === "sublet" || t === "room" ? t : "long");

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
export function assetJson(l: Listing): Asset {
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
    // The listings service words only the contract's codes; another would fail loudly here, not in a screen.
    warnings: l.warnings.map((w) => ({ code: Warning.shape.code.parse(w.code), message: w.message })),
    facts: factsJson(l.facts),
    term: termJson(l.term),
  };
}

export function clusterJson(c: MapCell): Cluster {
  return { lon: c.lon, lat: c.lat, count: c.count, id: c.id || null, price: c.price ?? null };
}

export function propertyJson(l: Listing): Property {
  const s = l.priceSignal;
  return {
    ...assetJson(l),
    priceSignal: s ? { areaMedianPerRoom: s.areaMedianPerRoom, ratio: s.ratio } : null,
  };
}

const sourceJson = (s: ListingSource): AssetSource => ({
  source: s.source,
  url: text(s.link),
  group: text(s.sourceGroup),
  firstSeenAt: iso(s.firstSeenAt) ?? "",
  lastSeenAt: iso(s.lastSeenAt) ?? "",
  removedAt: iso(s.removedAt),
});

export function assetStoryJson(listing: Listing, story: GetListingResponse): AssetStory {
  return {
    ...propertyJson(listing),
    firstSeenAt: iso(story.firstSeenAt ?? listing.firstSeenAt) ?? "",
    sources: story.sources.map(sourceJson),
    priceHistory: story.priceHistory.map((p) => ({ price: p.price ?? null, at: iso(p.at) ?? "" })),
    factChanges: story.factChanges.flatMap((c) => {
      const fact = FACT_NAMES[c.fact];
      return fact && c.from !== undefined ? [{ fact, from: c.from, to: c.to, at: iso(c.at) ?? "" }] : [];
    }),
  };
}

/** The listings service's fact names (its columns) as the API's. */
const FACT_NAMES: Record<string, FactChange["fact"]> = {
  safe_room: "safeRoom",
  parking: "parking",
  elevator: "elevator",
  balcony: "balcony",
  furnished: "furnished",
  pets: "pets",
  air_conditioning: "airConditioning",
  accessible: "accessible",
};

/**
 * A listing's warnings in the reader's language (the listings service words them in English):
 * the answers of one caller, where the caller is known; the code stays for programs.
 */
export function warningsIn<T extends { warnings: Asset["warnings"] }>(a: T, locale: Locale): T {
  if (locale === "en" || a.warnings.length === 0) return a;
  return { ...a, warnings: a.warnings.map((w) => ({ ...w, message: warningMessageIn(locale, w.message) })) };
}
