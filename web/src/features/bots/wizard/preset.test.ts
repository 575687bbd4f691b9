import { describe, expect, it } from "vitest";
import { type BotPreset, presetLine, priceWords, suggestedName } from "./preset.ts";

const preset: BotPreset = {
  neighborhoodCodes: [205],
  priceLimit: [0, 7000],
  rooms: 3,
  merchant: false,
  notKept: [],
};

describe("suggestedName", () => {
  it("names the rooms, the price and then the area", () => {
    expect(suggestedName(preset, ["פלורנטין"])).toBe("3+ rooms, up to ₪7,000 in פלורנטין");
  });

  it("leaves out what the search did not narrow", () => {
    expect(suggestedName({ ...preset, rooms: 1, priceLimit: [0, 20000] }, ["Florentin"])).toBe("Florentin");
    expect(suggestedName({ ...preset, priceLimit: [3000, 20000] }, [])).toBe("3+ rooms, from ₪3,000");
    expect(suggestedName({ ...preset, rooms: 1 }, ["Florentin"])).toBe("Up to ₪7,000 in Florentin");
    expect(suggestedName({ ...preset, rooms: 1, priceLimit: [0, 20000] }, [])).toBe("My property search");
  });

  it("shortens many areas and keeps to 100 characters", () => {
    expect(suggestedName({ ...preset, rooms: 1 }, ["A", "B"])).toBe("Up to ₪7,000 in A and B");
    expect(suggestedName({ ...preset, rooms: 1 }, ["A", "B", "C"])).toBe("Up to ₪7,000 in A and 2 more");
    expect(suggestedName(preset, ["x".repeat(150)])).toHaveLength(100);
  });
});

describe("priceWords", () => {
  it("words a price range", () => {
    expect(priceWords([3000, 7000])).toBe("₪3,000 – ₪7,000");
    expect(priceWords([0, 20000])).toBeNull();
  });
});

describe("presetLine", () => {
  it("sums up price, rooms and seller", () => {
    expect(presetLine(preset)).toBe("₪0 – ₪7,000 · 3+ rooms · Private only");
    expect(presetLine({ ...preset, rooms: 1, merchant: null })).toBe(
      "₪0 – ₪7,000 · 1+ room · Private and merchant",
    );
  });
});
