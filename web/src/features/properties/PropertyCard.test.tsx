import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { PropertyCard } from "./PropertyCard.tsx";
import type { PropertyAsset } from "./types.ts";

// The card as a Hebrew reader gets it: every word Hebrew, the price with its shekel, each fact a
// number with its unit, and the listing's own address isolated from the page's direction.

const now = Date.parse("2026-03-10T12:00:00Z");
const asset: PropertyAsset = {
  _id: "a1",
  images: [],
  description: "",
  location: "ויטל 17, Florentin",
  neighborhoodCode: 205,
  neighborhood: "פלורנטין",
  city: "תל אביב יפו",
  rooms: 3,
  size: 74,
  floorNumber: 0,
  price: 6400,
  phoneNumber: null,
  link: "https://www.yad2.co.il/item/abc",
  googleMapsUrl: "https://maps.google.com/?q=1",
  merchant: false,
  src: "yad2",
  coordinates: null,
  createdAt: "2026-03-10T08:00:00Z",
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
  priceSignal: { areaMedianPerRoom: 2500, ratio: 0.88 },
};

const render = (over: Partial<PropertyAsset> = {}) =>
  renderToStaticMarkup(<PropertyCard asset={{ ...asset, ...over }} onOpenStory={() => {}} now={now} />);
/** The markup's text, tags dropped. */
const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

describe("PropertyCard", () => {
  it("reads as the spec's English", () => {
    const html = render();
    expect(text(html)).toContain("₪6,400 / month");
    expect(text(html)).toContain("3 rooms · 74 m² · Ground");
    expect(text(html)).toContain("12% below the area's median");
    expect(text(html)).toContain("Listed today");
    // Story is a labelled button, not only an icon.
    expect(html).toMatch(/<button[^>]*>.*<span class="bp6-button-text">Story<\/span><\/button>/);
  });

  it("says when one can move in, and nothing when no source said", () => {
    expect(text(render({ entryDate: "immediate" }))).toContain("Immediate entry");
    expect(text(render({ entryDate: "2026-12-01" }))).toContain("Entry 1 Dec 2026");
    expect(render()).not.toContain('data-testid="entry-date"');
  });

  describe("in Hebrew", () => {
    beforeAll(() => i18n.changeLanguage("he"));
    afterAll(() => i18n.changeLanguage("en"));

    it("has every word in Hebrew, each fact a piece with its unit", () => {
      const html = render();
      const words = text(html);
      expect(words).toContain("\u200f6,400\u00a0\u200f₪ לחודש");
      expect(html).toMatch(
        /<span[^>]*>3 חדרים<\/span> · <span[^>]*>74 מ״ר<\/span> · <span[^>]*>קרקע<\/span>/,
      );
      expect(words).toContain("12% מתחת לחציון באזור");
      expect(words).toContain("פורסמה היום");
      expect(words).toContain("חדש");
      expect(words).toContain("פרטי");
      expect(words).toContain("למודעה");
      expect(html).toContain('<span class="bp6-button-text">סיפור הדירה</span>');
      expect(text(render({ entryDate: "immediate" }))).toContain("כניסה מיידית");
      expect(words).not.toMatch(/Listed|rooms|month|View Ad|Private/);
    });

    it("keeps the mixed-language address in its own direction", () => {
      expect(render()).toMatch(/<h3[^>]*dir="auto"[^>]*>ויטל 17, Florentin<\/h3>/);
    });
  });
});
