import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { assignNeighborhood, neighborhoodByCode } from "@dirabot/geography";
import { type ListingInput, ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { IngestService } from "./ingest.service.ts";

// Demo listings name no street: a random point and a real street would rarely agree.
const FEATURES = [
  "מוארת ומרווחת, קרובה לתחבורה ציבורית",
  "משופצת, עם מרפסת שמש",
  "שקטה, בבניין עם מעלית",
  "עם חניה ומחסן",
  "מרוהטת חלקית, כניסה גמישה",
];
// Pictures served at the site root (drawn by scripts/demo-photos.ts into web/public/demo/).
export const DEMO_PHOTOS = 6;
export const DEMO_PHOTO = /^\/demo\/flat-\d+\.svg$/;

// The area the demo fills: Tel Aviv-Yafo, Ramat Gan and Givatayim.
const BOX = { south: 32.03, north: 32.13, west: 34.74, east: 34.84 };

/** A small deterministic generator: the same demo on every fresh start. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `DEMO=1` on an empty database: synthetic listings (source `demo`) at random points that fall
 * inside real neighbourhood polygons, through the same ingest as the scrapers (events included).
 */
export function demoListings(count = 120, seed = 7): ListingInput[] {
  const next = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] as T;
  const out: ListingInput[] = [];
  const now = Date.now();
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    const lat = BOX.south + next() * (BOX.north - BOX.south);
    const lon = BOX.west + next() * (BOX.east - BOX.west);
    const placed = assignNeighborhood({ lat, lon });
    const hood = placed.code === null ? undefined : neighborhoodByCode(placed.code);
    if (!hood) continue;
    const rooms = pick([1, 1.5, 2, 2.5, 3, 3, 3.5, 4, 4.5, 5]);
    const price = Math.round((2800 + rooms * 1500 + next() * 2500) / 100) * 100;
    const n = out.length + 1;
    out.push(
      create(ListingInputSchema, {
        source: "demo",
        externalId: `demo-${n}`,
        description: `דירת ${rooms} חדרים ב${hood.hood}, ${pick(FEATURES)}. (דירה לדוגמה)`,
        images: [`/demo/flat-${(n % DEMO_PHOTOS) + 1}.svg`],
        city: hood.city,
        cityCode: hood.cityCode,
        neighborhood: hood.hood,
        rooms,
        size: Math.round(25 + rooms * 18 + next() * 15),
        floor: Math.floor(next() * 8),
        price,
        phone: `05${Math.floor(next() * 10)}${String(Math.floor(next() * 1e7)).padStart(7, "0")}`,
        merchant: next() < 0.3,
        lat,
        lon,
        postedAt: timestampFromDate(new Date(now - Math.floor(next() * 3 * 86_400_000))),
        entryDate: pick(["מיידית", "גמיש", ""]),
        kind: "apartment",
      }),
    );
  }
  return out;
}

export async function seedDemo(ingest: IngestService): Promise<number> {
  const list = demoListings();
  await ingest.ingest(list);
  return list.length;
}
