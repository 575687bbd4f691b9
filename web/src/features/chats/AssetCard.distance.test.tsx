import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { SavedPlacesProvider } from "../../lib/savedPlaces.tsx";
import { AssetCard } from "./AssetCard.tsx";
import type { Asset } from "./types.ts";

// The chat card says how far the flat is from the reader's places: the server's distance and
// router minutes when it sent them, else straight-line from the flat's point with an "about".

const asset = {
  _id: "a1",
  images: [],
  description: "",
  location: "ויטל 17",
  neighborhoodCode: 205,
  neighborhood: "פלורנטין",
  city: "תל אביב יפו",
  rooms: 3,
  size: null,
  floorNumber: null,
  price: 6500,
  phoneNumber: null,
  link: null,
  googleMapsUrl: null,
  merchant: false,
  src: "yad2",
  coordinates: { type: "Point", coordinates: [34.7722, 32.0636] },
  createdAt: null,
  postedAt: null,
  entryDate: null,
  canonicalId: "a1",
  warnings: [],
  facts: {
    safeRoom: null,
    parking: null,
    elevator: null,
    balcony: null,
    furnished: null,
    pets: null,
    airConditioning: null,
    accessible: null,
  },
  term: "long",
  distances: [{ placeId: "w", km: 2.1, minutes: null, mode: "cycling" }],
} as unknown as Asset;

const places = [
  { id: "w", name: "Work", lat: 32.08, lon: 34.79 },
  { id: "p", name: "הורים", lat: 32.0636, lon: 34.7722 },
];
const text = (user: object | null) =>
  renderToStaticMarkup(
    <SavedPlacesProvider user={user}>
      <AssetCard asset={asset} />
    </SavedPlacesProvider>,
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/[\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ");

describe("the chat card's distances", () => {
  it("names each place, nearest first, with the estimate said as one", () => {
    const out = text({ places });
    expect(out).toContain("0 km from הורים · about 1 min on foot");
    expect(out).toContain("2.1 km from Work · about 11 min by bicycle");
    expect(out.indexOf("הורים")).toBeLessThan(out.indexOf("from Work"));
  });

  it("shows nothing to a reader without places", () => {
    expect(text({ places: [] })).not.toContain("km from");
    expect(text(null)).not.toContain("km from");
  });

  describe("in Hebrew", () => {
    beforeAll(() => i18n.changeLanguage("he"));
    afterAll(() => i18n.changeLanguage("en"));
    it("says it in Hebrew", () => {
      expect(text({ places })).toContain("2.1 ק״מ מ־Work · כ־11 דק׳ באופניים");
    });
  });
});
