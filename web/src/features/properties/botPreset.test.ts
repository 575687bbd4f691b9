import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { botPriceLimit, presetOf } from "./botPreset.ts";
import { NO_FILTERS } from "./filters.ts";

describe("presetOf", () => {
  it("turns area, price, rooms and private-only into a bot's settings", () => {
    expect(
      presetOf({
        searchText: "",
        minRooms: 3,
        priceRange: [0, 7000],
        merchant: false,
        neighborhoodCode: 205,
        neighborhoodCodes: [],
        availableBy: null,
        nearKm: null,
      }),
    ).toEqual({ neighborhoodCodes: [205], priceLimit: [0, 7000], rooms: 3, merchant: false, notKept: [] });
  });

  it("follows the area picker's neighbourhoods too, each once", () => {
    const preset = presetOf({ ...NO_FILTERS, neighborhoodCode: 205, neighborhoodCodes: [205, 206] });
    expect(preset.neighborhoodCodes).toEqual([205, 206]);
  });

  it("gives a search without filters the whole slider, 1 room and every seller", () => {
    expect(presetOf(NO_FILTERS)).toEqual({
      neighborhoodCodes: [],
      priceLimit: [0, 20000],
      rooms: 1,
      merchant: null,
      notKept: [],
    });
  });

  it("says what a bot cannot follow", () => {
    const preset = presetOf({ ...NO_FILTERS, searchText: " garden ", merchant: true, nearKm: 3 });
    expect(preset.merchant).toBeNull();
    expect(preset.notKept).toEqual([
      "the search text “garden”",
      "merchant listings only (a bot gets private and merchant)",
      "near my places (3 km; a bot's settings take a distance per place)",
    ]);
  });

  it("says it in Hebrew, the searched words isolated in the sentence", async () => {
    await i18n.changeLanguage("he");
    const preset = presetOf({ ...NO_FILTERS, searchText: "garden", merchant: true, nearKm: 5 });
    await i18n.changeLanguage("en");
    expect(preset.notKept).toEqual([
      'טקסט החיפוש "\u2068garden\u2069"',
      "מודעות תיווך בלבד (בוט מקבל גם מודעות פרטיות וגם תיווך)",
      "קרוב למקומות שלי (5 ק״מ; בהגדרות הבוט אפשר לקבוע מרחק לכל מקום)",
    ]);
  });
});

describe("botPriceLimit", () => {
  it("keeps a range with min below max", () => {
    expect(botPriceLimit([3000, 7000])).toEqual([3000, 7000]);
  });

  it("opens both handles on one price by a step", () => {
    expect(botPriceLimit([5000, 5000])).toEqual([5000, 5100]);
    expect(botPriceLimit([20000, 20000])).toEqual([19900, 20000]);
  });
});
