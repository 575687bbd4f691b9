import { create } from "@bufbuild/protobuf";
import { PriceSignalSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { describe, expect, it } from "vitest";
import { priceWarning, textWarnings } from "./warnings.service.ts";

const flat = (rooms: number | null, neighborhood = "Florentin") => ({
  id: "a",
  description: "",
  phone: "",
  merchant: null,
  rooms,
  neighborhood,
});
const signal = (ratio: number, areaMedianPerRoom = 2400) =>
  create(PriceSignalSchema, { ratio, areaMedianPerRoom });

describe("the price warning", () => {
  it("warns from 35% below the median, naming the figures", () => {
    expect(priceWarning(flat(3), signal(0.58))).toMatchObject({
      code: "price_far_below_area",
      message: "Price is 42% below the median for 3 rooms in Florentin (₪7,200)",
    });
    expect(priceWarning(flat(3), signal(0.65))?.message).toBe(
      "Price is 35% below the median for 3 rooms in Florentin (₪7,200)",
    );
    expect(priceWarning(flat(2.5, " "), signal(0.5, 3000))?.message).toBe(
      "Price is 50% below the median for 2.5 rooms in its area (₪7,500)",
    );
  });

  it("stays quiet when the price is less far below, or there is no signal", () => {
    expect(priceWarning(flat(3), signal(0.66))).toBeUndefined();
    expect(priceWarning(flat(3), signal(1.2))).toBeUndefined();
    expect(priceWarning(flat(3), undefined)).toBeUndefined();
  });
});

describe("the text warnings", () => {
  it("gives each reason once, in order, and none for an ordinary post", () => {
    const both = textWarnings("Send a deposit to hold it. I'm abroad, keys by courier.");
    expect(both.map((w) => [w.code, w.message])).toEqual([
      ["money_before_viewing", "Asks for money before you have seen the flat"],
      ["owner_abroad", "Says the owner is abroad and will send the keys"],
    ]);
    expect(textWarnings("נמצא בחו״ל כרגע, הדירה פנויה").map((w) => w.message)).toEqual([
      "Says the owner is abroad",
    ]);
    expect(textWarnings("דירה מהממת, צפייה בתיאום, פיקדון בחתימת החוזה")).toEqual([]);
  });
});
