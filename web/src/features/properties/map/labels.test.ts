import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/index.ts";
import { bubbleRadius, countLabel, markerTitle, priceLabel } from "./labels.ts";

describe("priceLabel", () => {
  it("writes shekels with thousands separators, shortened when huge", () => {
    expect(priceLabel(6500)).toBe("₪6,500");
    expect(priceLabel(950)).toBe("₪950");
    expect(priceLabel(250_000)).toBe("₪250K");
    expect(priceLabel(1_250_000)).toBe("₪1.3M");
    expect(priceLabel(null)).toBe("");
  });
});

describe("countLabel", () => {
  it("keeps counts to a few characters, exact below 1,000 unless they are the server's cells", () => {
    expect(countLabel(7)).toBe("7");
    expect(countLabel(125)).toBe("125");
    expect(countLabel(125, true)).toBe("120+");
    expect(countLabel(99, true)).toBe("99");
    expect(countLabel(999, true)).toBe("990+");
    expect(countLabel(1234)).toBe("1.2k");
    expect(countLabel(12_345)).toBe("12k");
  });
});

describe("bubbleRadius", () => {
  it("grows a step per order of magnitude", () => {
    expect([2, 20, 200, 2000].map(bubbleRadius)).toEqual([15, 18, 21, 25]);
  });
});

describe("markerTitle", () => {
  it("says what a hover shows", () => {
    expect(markerTitle({ count: 5, price: null })).toBe("5 listings · click to zoom in");
    expect(markerTitle({ count: 1, price: 6500 })).toBe("₪6,500 / month");
  });
});

describe("in Hebrew", () => {
  beforeAll(() => i18n.changeLanguage("he"));
  afterAll(() => i18n.changeLanguage("en"));

  it("writes the shekel after the number and the hovers in Hebrew", () => {
    expect(priceLabel(6500)).toBe("\u200f6,500\u00a0\u200f₪");
    expect(markerTitle({ count: 1200, price: null })).toBe("1,200 מודעות · לחיצה מקרבת את המפה");
    expect(markerTitle({ count: 1, price: null })).toBe("מודעה · מחיר לא צוין");
    expect(markerTitle({ count: 1, price: 6100 })).toBe("\u200f6,100\u00a0\u200f₪ לחודש");
  });
});
