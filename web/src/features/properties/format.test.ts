import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import {
  daysListed,
  daysText,
  floorText,
  isNew,
  priceSignalView,
  resultsText,
  roomsText,
  sellerText,
  sizeText,
  sourceText,
} from "./format.ts";

describe("card texts", () => {
  it("shows floor 0 as Ground", () => {
    expect(floorText(0)).toBe("Ground");
    expect(floorText(3)).toBe("Floor 3");
    expect(floorText(-1)).toBe("Floor -1");
  });

  it("writes rooms and size", () => {
    expect(roomsText(1)).toBe("1 room");
    expect(roomsText(3.5)).toBe("3.5 rooms");
    expect(sizeText(1200)).toBe("1,200 m²");
  });

  it("labels merchants and private owners, and nothing when unknown", () => {
    expect(sellerText(true)).toBe("Merchant");
    expect(sellerText(false)).toBe("Private");
    expect(sellerText(null)).toBeNull();
  });

  it("uppercases the source", () => {
    expect(sourceText("yad2")).toBe("YAD2");
    expect(sourceText("facebook")).toBe("FACEBOOK");
  });
});

describe("resultsText", () => {
  it("counts with a thousands separator, about when estimated", () => {
    expect(resultsText(1234, true)).toBe("1,234 properties");
    expect(resultsText(1, true)).toBe("1 property");
    expect(resultsText(0, true)).toBe("0 properties");
    expect(resultsText(120000, false)).toBe("about 120,000 properties");
  });
});

describe("priceSignalView", () => {
  it("says how far below or above the area's median a flat is", () => {
    expect(priceSignalView({ areaMedianPerRoom: 2500, ratio: 0.88 })).toMatchObject({
      tone: "below",
      text: "12% below the area's median",
    });
    expect(priceSignalView({ areaMedianPerRoom: 2500, ratio: 1.08 })).toMatchObject({
      tone: "above",
      text: "8% above the area's median",
    });
  });

  it("is at the median within 1% either way", () => {
    expect(priceSignalView({ areaMedianPerRoom: 2500, ratio: 1.004 })?.text).toBe("At the area's median");
    expect(priceSignalView({ areaMedianPerRoom: 2500, ratio: 0.99 })?.tone).toBe("at");
    expect(priceSignalView({ areaMedianPerRoom: 2500, ratio: 0.985 })?.text).toBe(
      "2% below the area's median",
    );
  });

  it("names the median per room in its detail", () => {
    expect(priceSignalView({ areaMedianPerRoom: 2450, ratio: 0.9 })?.detail).toContain("₪2,450 per room");
  });

  it("shows nothing without a usable signal", () => {
    expect(priceSignalView(null)).toBeNull();
    expect(priceSignalView(undefined)).toBeNull();
    expect(priceSignalView({ areaMedianPerRoom: 2500, ratio: 0 })).toBeNull();
    expect(priceSignalView({ areaMedianPerRoom: 2500, ratio: Number.NaN })).toBeNull();
  });
});

describe("days on market", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");

  it("counts whole days since the first sighting", () => {
    expect(daysListed("2026-03-10T08:00:00Z", now)).toBe(0);
    expect(daysListed("2026-03-09T08:00:00Z", now)).toBe(1);
    expect(daysListed("2026-02-28T12:00:00Z", now)).toBe(10);
  });

  it("is unknown without a readable time, and never negative", () => {
    expect(daysListed(null, now)).toBeNull();
    expect(daysListed("soon", now)).toBeNull();
    expect(daysListed("2026-03-11T12:00:00Z", now)).toBe(0);
  });

  it("words the age and marks new listings", () => {
    expect(daysText(0)).toBe("Listed today");
    expect(daysText(1)).toBe("Listed yesterday");
    expect(daysText(12)).toBe("12 days on market");
    expect(isNew(1)).toBe(true);
    expect(isNew(2)).toBe(false);
    expect(isNew(null)).toBe(false);
  });
});

describe("in Hebrew", () => {
  beforeAll(() => i18n.changeLanguage("he"));
  afterAll(() => i18n.changeLanguage("en"));

  it("writes the card's facts with Hebrew units and plurals", () => {
    expect([1, 2, 3.5].map(roomsText)).toEqual(["חדר אחד", "2 חדרים", "3.5 חדרים"]);
    expect(sizeText(1200)).toBe("1,200 מ״ר");
    expect(floorText(0)).toBe("קרקע");
    expect(floorText(3)).toBe("קומה 3");
    expect(sellerText(true)).toBe("תיווך");
    expect(sellerText(false)).toBe("פרטי");
    expect(sourceText("yad2")).toBe("יד2");
    expect(sourceText("madlan")).toBe("MADLAN");
  });

  it("counts the results, about when estimated", () => {
    expect(resultsText(1, true)).toBe("דירה אחת");
    expect(resultsText(1234, true)).toBe("1,234 דירות");
    expect(resultsText(120000, false)).toBe("כ־120,000 דירות");
  });

  it("says the price against the area with the shekel after the number", () => {
    const view = priceSignalView({ areaMedianPerRoom: 2450, ratio: 0.88 });
    expect(view?.text).toBe("12% מתחת לחציון באזור");
    expect(view?.detail).toContain("החציון באזור הוא \u200f2,450\u00a0\u200f₪ לחדר");
    expect(priceSignalView({ areaMedianPerRoom: 2450, ratio: 1.001 })?.text).toBe("בגובה החציון באזור");
  });

  it("words the age, two days as a word of its own", () => {
    expect([0, 1, 2, 12].map(daysText)).toEqual([
      "פורסמה היום",
      "פורסמה אתמול",
      "יומיים באוויר",
      "12 ימים באוויר",
    ]);
  });
});
