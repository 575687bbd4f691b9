import { describe, expect, it } from "vitest";
import { priceDropText } from "./price-drops.ts";

describe("a price drop's note", () => {
  it("reads as it always did in English", () => {
    expect(priceDropText(7500, 6900)).toBe("Price dropped: ₪7,500 → ₪6,900");
    expect(priceDropText(7500, 6900, "en")).toBe("Price dropped: ₪7,500 → ₪6,900");
  });

  it("is Hebrew for a Hebrew owner, each price with its sign, the arrow pointing the way it reads", () => {
    expect(priceDropText(7500, 6900, "he")).toBe(
      "המחיר ירד: \u200f7,500\u00a0\u200f₪ ← \u200f6,900\u00a0\u200f₪",
    );
  });
});
