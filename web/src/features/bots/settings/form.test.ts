import { exampleBot } from "@dirabot/api";
import { describe, expect, it } from "vitest";
import type { Bot } from "../api.ts";
import { type BotForm, formOf, MESSAGES, toggleCode, toPatch, validate } from "./form.ts";

const bot: Bot = {
  ...exampleBot,
  chatName: "Florentin flats",
  botName: "Florentin flats",
  updatedAt: null,
  neighborhoodCodes: [205, 999, 205, 317],
  priceLimit: [3000, 45000],
  merchant: null,
};

const valid: BotForm = {
  isActive: true,
  neighborhoodCodes: [205],
  priceLimit: [3000, 8000],
  rooms: 2,
  privateOnly: false,
};

describe("formOf", () => {
  it("keeps only codes of existing options, once each, and brings prices into the slider's range", () => {
    const form = formOf(bot, new Set([205, 317]));
    expect(form.neighborhoodCodes).toEqual([205, 317]);
    expect(form.priceLimit).toEqual([3000, 20000]);
    expect(form.privateOnly).toBe(false);
  });

  it("keeps the codes as they are while the options are not loaded", () => {
    expect(formOf(bot, null).neighborhoodCodes).toEqual([205, 999, 205, 317]);
  });

  it("reads merchant false as 'Private Listings Only'", () => {
    expect(formOf({ ...bot, merchant: false }, null).privateOnly).toBe(true);
  });
});

describe("validate", () => {
  it("accepts a complete form", () => {
    expect(validate(valid)).toEqual([]);
  });

  it("asks for at least one area", () => {
    expect(validate({ ...valid, neighborhoodCodes: [] })).toEqual([MESSAGES.areas]);
  });

  it("asks for rooms from 1 to 10", () => {
    for (const rooms of [null, 0, 11, 2.5]) expect(validate({ ...valid, rooms })).toEqual([MESSAGES.rooms]);
    for (const rooms of [1, 10]) expect(validate({ ...valid, rooms })).toEqual([]);
  });

  it("asks for a price range whose minimum is below its maximum", () => {
    expect(validate({ ...valid, priceLimit: [5000, 5000] })).toEqual([MESSAGES.price]);
    expect(validate({ ...valid, priceLimit: [6000, 5000] })).toEqual([MESSAGES.price]);
  });

  it("lists every broken rule in the form's fixed order", () => {
    expect(validate({ ...valid, neighborhoodCodes: [], rooms: null, priceLimit: [0, 0] })).toEqual([
      "Please select at least one area",
      "Please set a valid number of rooms (1-10)",
      "Please set a valid price range",
    ]);
  });
});

describe("toPatch", () => {
  it("sends merchant false for private listings only and null for all", () => {
    expect(toPatch({ ...valid, privateOnly: true }).merchant).toBe(false);
    expect(toPatch(valid)).toEqual({
      isActive: true,
      neighborhoodCodes: [205],
      priceLimit: [3000, 8000],
      rooms: 2,
      merchant: null,
    });
  });
});

describe("toggleCode", () => {
  it("adds a code that is not selected and removes one that is", () => {
    expect(toggleCode([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleCode([1, 2, 3], 2)).toEqual([1, 3]);
  });
});
