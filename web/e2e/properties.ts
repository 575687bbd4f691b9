import { randomUUID } from "node:crypto";
import { createClient } from "@connectrpc/connect";
import { remoteTransport, ServiceTrust } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";

// Listings for the property browser's specs, ingested as the scrapers do: on the product's internal
// listener with its service secret (scripts/e2e.ts passes both). Every listing of a test carries
// the test's own tag in its description, and the test searches for that tag: the product is
// shared by every spec running at once, so a test sees only its own flats.

/** Points inside known Tel Aviv neighbourhoods (polygon placement gives these codes). */
export const PLACES = {
  florentin: { code: 205, lat: 32.0565, lon: 34.77 },
  code1461: { code: 1461, lat: 32.0795, lon: 34.7745 },
  code1483: { code: 1483, lat: 32.087, lon: 34.778 },
  code1520: { code: 1520, lat: 32.064, lon: 34.77 },
  code1462: { code: 1462, lat: 32.071, lon: 34.785 },
  code1519: { code: 1519, lat: 32.0815, lon: 34.7875 },
  code1516: { code: 1516, lat: 32.0875, lon: 34.789 },
} as const;

export type Place = (typeof PLACES)[keyof typeof PLACES];

export interface Flat {
  price?: number;
  rooms?: number;
  size?: number;
  floor?: number;
  /** true: a merchant (agency); false: private; undefined: the source did not say. */
  merchant?: boolean;
  images?: string[];
  street?: string;
  houseNumber?: string;
  place?: Place;
  source?: "yad2" | "facebook";
  description?: string;
  /** The facts the source states; unset facts stay unknown. */
  facts?: Partial<
    Record<
      | "safeRoom"
      | "parking"
      | "elevator"
      | "balcony"
      | "furnished"
      | "pets"
      | "airConditioning"
      | "accessible",
      boolean
    >
  >;
  /** apartment (default), sublet or room. */
  kind?: "apartment" | "sublet" | "room";
  /** As a source writes it: "2027-01-31", Yad2's "2027-01-31T00:00:00", "מיידי", "immediate". */
  entryDate?: string;
}

export interface Seeded {
  externalId: string;
  link: string;
}

/** A word no other test's listing contains: the test's search text. */
export const newTag = (): string => `zq${randomUUID().replace(/-/g, "").slice(0, 10)}`;

/** A picture the product serves itself (outside photo hosts are out of the e2e machine's reach). */
export const demoPhoto = (baseURL: string, n: number): string =>
  new URL(`/demo/flat-${((n - 1) % 6) + 1}.svg`, baseURL).href;

function client(source: "yad2" | "facebook") {
  const internal = process.env.E2E_INTERNAL_URL;
  const secret = process.env.E2E_SERVICE_SECRET;
  if (!internal || !secret)
    throw new Error("E2E_INTERNAL_URL and E2E_SERVICE_SECRET name the internal listener");
  const caller = source === "yad2" ? "scraper-yad2" : "scraper-facebook";
  return createClient(ListingsService, remoteTransport(internal, new ServiceTrust(secret), caller));
}

/** Ingests the flats, each tagged with `tag`, one batch per source; answers in the flats' order. */
export async function seedFlats(tag: string, flats: Flat[]): Promise<Seeded[]> {
  const seeded = flats.map((f): Seeded & { source: "yad2" | "facebook" } => {
    const externalId = `e2e-${randomUUID()}`;
    const source = f.source ?? "yad2";
    const link =
      source === "yad2"
        ? `https://www.yad2.co.il/item/${externalId}`
        : `https://www.facebook.com/groups/e2e/posts/${externalId}`;
    return { externalId, link, source };
  });
  for (const source of ["yad2", "facebook"] as const) {
    const listings = flats.flatMap((f, i) => {
      const s = seeded[i];
      if (!s || s.source !== source) return [];
      const place = f.place ?? PLACES.florentin;
      return [
        {
          source,
          externalId: s.externalId,
          // Apart by a few dozen metres, so the map shows them as separate points.
          lat: place.lat + (i % 5) * 0.0003,
          lon: place.lon + (i % 3) * 0.0003,
          street: f.street ?? "ויטל",
          houseNumber: f.houseNumber ?? String(2 + (i % 40)),
          city: "תל אביב יפו",
          rooms: f.rooms ?? 3,
          size: f.size ?? 72,
          floor: f.floor ?? 2,
          price: f.price ?? 6500,
          merchant: f.merchant,
          // Distinct phones: the same phone and price on two sources would make one flat of them.
          phone: `050-${1_000_000 + Math.floor(Math.random() * 8_999_999)}`,
          images: f.images ?? [],
          link: s.link,
          description: `${f.description ?? "Bright apartment"} ${tag}`,
          facts: f.facts,
          kind: f.kind,
          entryDate: f.entryDate,
        },
      ];
    });
    if (listings.length) await client(source).ingest({ listings });
  }
  return seeded.map(({ externalId, link }) => ({ externalId, link }));
}

/** A seeded flat's source states its facts again (Yad2's item details, a Facebook post edited). */
export async function restateFacts(
  externalId: string,
  facts: NonNullable<Flat["facts"]>,
  source: "yad2" | "facebook" = "yad2",
): Promise<void> {
  await client(source).ingest({ listings: [{ source, externalId, facts }] });
}
