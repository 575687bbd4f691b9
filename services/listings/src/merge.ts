import { timestampDate } from "@bufbuild/protobuf/wkt";
import { assignNeighborhood, neighborhoodByCode } from "@dirabot/geography";
import { normaliseEntryDate } from "@dirabot/platform";
import { localPhone } from "@dirabot/platform/contact";
import type { ListingInput } from "@dirabot/proto/listings/v1/listings_pb.js";
import { DEMO_PHOTO } from "./demo.ts";
import { mergeFacts } from "./facts.ts";
import { type ListingRow, type ListingValues, searchTextOf } from "./listing.row.ts";

export const SOURCES = ["yad2", "facebook", "demo"] as const;
const KINDS = new Set(["apartment", "room", "sublet"]);

/** Why a whole input is refused (the rest of its batch still goes in). */
export function invalidReason(i: ListingInput): string | undefined {
  if (!(SOURCES as readonly string[]).includes(i.source)) return `unknown source "${i.source}"`;
  if (!i.externalId || i.externalId.length > 200) return "external_id must be 1–200 characters";
  return undefined;
}

// A scraped figure outside these bounds is noise (a phone number read as a price, say): it is
// dropped, the listing kept.
const within = (v: number | undefined, min: number, max: number) =>
  v !== undefined && Number.isFinite(v) && v >= min && v <= max ? v : undefined;
const text = (v: string | undefined, max: number) => (v === undefined ? undefined : v.trim().slice(0, max));
const inIsrael = (lat?: number, lon?: number) =>
  lat !== undefined && lon !== undefined && lat >= 29 && lat <= 33.6 && lon >= 34 && lon <= 36;

/**
 * 05X-XXX-XXXX, +972 5X…, 972…: one form, digits only with the leading 0, for duplicate checks;
 * what is not an Israeli number is kept as its digits.
 */
export function normalizePhone(p: string): string {
  return localPhone(p) ?? p.replace(/\D/g, "");
}

/** A picture a listing may show: a web address, or one of the demo's own pictures for demo listings. */
function imageUrl(source: string, u: string): boolean {
  if (u.length > 2000) return false;
  return /^https?:\/\//.test(u) || (source === "demo" && DEMO_PHOTO.test(u));
}

/**
 * The listing's new values: the stored row with every field the source set laid over it
 * (unset fields keep what was stored), then the neighbourhood decided again.
 */
export function merge(i: ListingInput, prev: ListingRow | undefined): ListingValues {
  const price = within(i.price, 1, 1_000_000);
  const hasCoords = inIsrael(i.lat, i.lon);
  const v: ListingValues = {
    source: i.source,
    external_id: i.externalId,
    images: i.images.length
      ? i.images.filter((u) => imageUrl(i.source, u)).slice(0, 50)
      : (prev?.images ?? []),
    description: text(i.description, 20_000) ?? prev?.description ?? "",
    street: text(i.street, 200) ?? prev?.street ?? "",
    house_number: text(i.houseNumber, 20) ?? prev?.house_number ?? "",
    city: text(i.city, 100) ?? prev?.city ?? "",
    city_code: within(i.cityCode, 1, 99_999) ?? prev?.city_code ?? 0,
    neighborhood: text(i.neighborhood, 200) ?? prev?.neighborhood ?? "",
    neighborhood_code: prev?.neighborhood_code ?? null,
    neighborhood_method: prev?.neighborhood_method ?? "none",
    rooms: within(i.rooms, 0.5, 30) ?? prev?.rooms ?? null,
    size: within(i.size, 1, 5_000) ?? prev?.size ?? null,
    floor: within(i.floor, -5, 200) ?? prev?.floor ?? null,
    // An explicit 0 is "call for price": it clears a price; unset keeps it.
    price: i.price === 0 ? null : (price ?? prev?.price ?? null),
    phone: i.phone !== undefined ? normalizePhone(i.phone).slice(0, 20) : (prev?.phone ?? ""),
    link: i.link && /^https?:\/\//.test(i.link) ? i.link.slice(0, 2000) : (prev?.link ?? ""),
    merchant: i.merchant ?? prev?.merchant ?? null,
    lat: hasCoords ? (i.lat as number) : (prev?.lat ?? null),
    lon: hasCoords ? (i.lon as number) : (prev?.lon ?? null),
    contact_name: text(i.contactName, 200) ?? prev?.contact_name ?? "",
    agency: text(i.agency, 200) ?? prev?.agency ?? "",
    // "YYYY-MM-DD", "immediate" or "" (the source said something we cannot be sure of).
    entry_date:
      i.entryDate === undefined
        ? (prev?.entry_date ?? "")
        : (normaliseEntryDate(i.entryDate.slice(0, 40)) ?? ""),
    kind: i.kind && KINDS.has(i.kind) ? i.kind : (prev?.kind ?? "apartment"),
    source_group: text(i.sourceGroup, 200) || prev?.source_group || null,
    has_details: Boolean(prev?.has_details) || i.description !== undefined,
    search: "",
    posted_at: i.postedAt ? timestampDate(i.postedAt) : (prev?.posted_at ?? null),
    ...mergeFacts(i.facts, prev),
  };
  const placed = place(v, i.neighborhoodCode);
  v.neighborhood_code = placed.code;
  v.neighborhood_method = placed.method;
  // The name users search and read is ours when we placed it, the source's otherwise.
  const known = placed.code === null ? undefined : neighborhoodByCode(placed.code);
  if (known && !v.neighborhood) v.neighborhood = known.hood;
  v.search = searchTextOf(v);
  return v;
}

/** Coordinates first (point in polygon), then the source's name, then a code the source is sure of. */
function place(v: ListingValues, sourceCode: number | undefined) {
  const byGeo = assignNeighborhood({
    lat: v.lat ?? undefined,
    lon: v.lon ?? undefined,
    name: v.neighborhood || undefined,
    cityCode: v.city_code || undefined,
  });
  if (byGeo.code !== null) return byGeo;
  if (sourceCode !== undefined && neighborhoodByCode(sourceCode))
    return { code: sourceCode, method: "source" };
  return { code: v.neighborhood_code, method: v.neighborhood_code === null ? "none" : v.neighborhood_method };
}
