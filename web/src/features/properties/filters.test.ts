import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import {
  activeKeys,
  chipsOf,
  formatPrice,
  hasFilters,
  listQuery,
  NO_FILTERS,
  normalizePrice,
  priceRangeText,
  sameFilters,
  withoutFilter,
} from "./filters.ts";
import type { PropertyFilters } from "./types.ts";

const all: PropertyFilters = {
  searchText: " florentin ",
  minRooms: 3,
  priceRange: [3000, 7000],
  merchant: false,
  neighborhoodCode: 205,
  neighborhoodCodes: [],
  availableBy: null,
  nearKm: null,
};

describe("formatPrice", () => {
  it("writes shekels with a thousands separator", () => {
    expect(formatPrice(0)).toBe("₪0");
    expect(formatPrice(7500)).toBe("₪7,500");
    expect(formatPrice(20000)).toBe("₪20,000");
  });
});

describe("normalizePrice", () => {
  it("treats the slider's full range as no price filter", () => {
    expect(normalizePrice([0, 20000])).toBeNull();
    expect(normalizePrice(null)).toBeNull();
  });

  it("orders, rounds and clamps the handles to the slider", () => {
    expect(normalizePrice([7000, 3000])).toEqual([3000, 7000]);
    expect(normalizePrice([-50, 5000.4])).toEqual([0, 5000]);
    expect(normalizePrice([15000, 99999])).toEqual([15000, 20000]);
  });

  it("drops what is not a number", () => {
    expect(normalizePrice([Number.NaN, 5000])).toBeNull();
  });
});

describe("active filters", () => {
  it("counts nothing for the empty filters and blank search text", () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, searchText: "   " })).toBe(false);
  });

  it("lists every set filter in the bar's order", () => {
    expect(activeKeys(all)).toEqual(["searchText", "minRooms", "priceRange", "merchant", "neighborhoodCode"]);
    expect(hasFilters({ ...NO_FILTERS, merchant: true })).toBe(true);
  });

  it("removes one filter and keeps the others", () => {
    expect(withoutFilter(all, "priceRange")).toEqual({ ...all, priceRange: null });
    expect(withoutFilter(all, "searchText").searchText).toBe("");
  });

  it("compares filters by value", () => {
    expect(sameFilters(all, { ...all, priceRange: [3000, 7000] })).toBe(true);
    expect(sameFilters(all, { ...all, priceRange: [3000, 7100] })).toBe(false);
    expect(sameFilters(NO_FILTERS, { ...NO_FILTERS })).toBe(true);
  });
});

describe("chips", () => {
  it("names each filter the way the bar shows it", () => {
    expect(chipsOf(all, "פלורנטין").map((c) => c.label)).toEqual([
      "“florentin”",
      "3+ rooms",
      "₪3,000 – ₪7,000",
      "Private",
      "פלורנטין",
    ]);
  });

  it("names an area by its code until the names have loaded", () => {
    expect(chipsOf({ ...NO_FILTERS, neighborhoodCode: 205 })).toEqual([
      { key: "neighborhoodCode", label: "Area 205" },
    ]);
  });

  it("writes open-ended price ranges in words", () => {
    expect(priceRangeText([0, 7000])).toBe("Up to ₪7,000");
    expect(priceRangeText([4000, 20000])).toBe("From ₪4,000");
    expect(chipsOf({ ...NO_FILTERS, merchant: true })[0]?.label).toBe("Merchant");
  });
});

describe("listQuery", () => {
  it("sends the query values the API takes", () => {
    expect(listQuery(all, 2, 12)).toEqual({
      page: 2,
      limit: 12,
      searchText: "florentin",
      minRooms: 3,
      priceRange: "[3000,7000]",
      merchant: false,
      neighborhoodCode: 205,
    });
  });

  it("leaves out what is not set, merchant included when null", () => {
    const query = listQuery(NO_FILTERS, 1, 10);
    expect(Object.entries(query).filter(([, v]) => v !== undefined)).toEqual([
      ["page", 1],
      ["limit", 10],
    ]);
  });
});

describe("chips in Hebrew", () => {
  beforeAll(() => i18n.changeLanguage("he"));
  afterAll(() => i18n.changeLanguage("en"));

  it("names each filter in Hebrew, prices with the shekel after the number", () => {
    expect(chipsOf(all).map((c) => c.label)).toEqual([
      '"florentin"',
      "3 חדרים ומעלה",
      "\u200f3,000\u00a0\u200f₪ – \u200f7,000\u00a0\u200f₪",
      "פרטי",
      "אזור 205",
    ]);
    expect(priceRangeText([0, 7000])).toBe("עד \u200f7,000\u00a0\u200f₪");
    expect(priceRangeText([4000, 20000])).toBe("החל מ־\u200f4,000\u00a0\u200f₪");
  });
});
