import { describe, expect, it } from "vitest";
import { searchQuery } from "../api.ts";
import { PRICE_MAX, validate } from "../settings/form.ts";
import type { BotPreset } from "./preset.ts";
import { asPreset, bandRange, citiesOf, firstSearch, priceChosen, searchBody } from "./search.ts";

const preset: BotPreset = {
  neighborhoodCodes: [205],
  priceLimit: [0, 7000],
  rooms: 3,
  merchant: false,
  notKept: [],
};
const options = [
  { code: 205, name: "תל אביב יפו - פלורנטין", nameEn: "Tel Aviv-Yafo - Florentin", keys: "" },
  { code: 206, name: "תל אביב יפו - נווה צדק", nameEn: "Tel Aviv-Yafo - Neve Tzedek", keys: "" },
  { code: 301, name: "רמת גן - הבורסה", nameEn: "Ramat Gan - HaBursa", keys: "" },
];

describe("the wizard's search step", () => {
  it("opens with no areas, so a bot cannot be created until one is chosen", () => {
    const form = firstSearch();
    expect(form).toMatchObject({
      isActive: true,
      neighborhoodCodes: [],
      priceLimit: [0, PRICE_MAX],
      rooms: 1,
    });
    expect(validate(form)).toEqual(["Please select at least one area"]);
    expect(validate({ ...form, neighborhoodCodes: [205] })).toEqual([]);
  });

  it("opens with a property search's settings, its price counted as chosen when it narrowed it", () => {
    expect(firstSearch(preset)).toMatchObject({
      neighborhoodCodes: [205],
      priceLimit: [0, 7000],
      rooms: 3,
      privateOnly: true,
    });
    expect(priceChosen(preset)).toBe(true);
    expect(priceChosen({ ...preset, priceLimit: [0, PRICE_MAX] })).toBe(false);
    expect(priceChosen()).toBe(false);
  });

  it("turns a price band into the slider's range, outwards to its step, when enough flats draw it", () => {
    expect(bandRange({ low: 4550, high: 6920, count: 12 })).toEqual([4500, 7000]);
    expect(bandRange({ low: 5000, high: 5000, count: 3 })).toEqual([5000, 5100]);
    expect(bandRange({ low: 25_000, high: 40_000, count: 9 })).toEqual([19_900, 20_000]);
    expect(bandRange({ low: 4000, high: 6000, count: 2 })).toBeNull();
    expect(bandRange({ low: null, high: null, count: 0 })).toBeNull();
    expect(bandRange(undefined)).toBeNull();
  });

  it("names the cities of the areas chosen, each once, in the order chosen", () => {
    expect(citiesOf([301, 205, 206], options)).toEqual(["Ramat Gan", "Tel Aviv-Yafo"]);
    expect(citiesOf([999], options)).toEqual([]);
  });

  it("sends the search with the bot's creation", () => {
    const form = { ...firstSearch(preset), neighborhoodCodes: [205, 206], rooms: 2 };
    expect(searchBody(form)).toEqual({
      neighborhoodCodes: [205, 206],
      priceLimit: [0, 7000],
      rooms: 2,
      merchant: false,
    });
    expect(searchBody({ ...form, privateOnly: false }).merchant).toBeNull();
    expect(asPreset(form)).toMatchObject({ rooms: 2, merchant: false, priceLimit: [0, 7000] });
  });

  it("sends a Telegram group's search as the code's query parameters", () => {
    const form = { ...firstSearch(preset), neighborhoodCodes: [205, 206], rooms: 2 };
    expect(searchQuery(searchBody(form))).toEqual({
      neighborhoodCodes: "205,206",
      priceLimit: "0,7000",
      rooms: 2,
      merchant: "false",
    });
    expect(searchQuery(searchBody({ ...form, privateOnly: false })).merchant).toBe("null");
  });
});
