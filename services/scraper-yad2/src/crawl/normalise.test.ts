import { timestampDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { itemAnswerSchema, markerSchema } from "../yad2/schemas.ts";
import { parseYad2Date } from "./israel-time.ts";
import { fromItem, fromMarker, postedHint } from "./normalise.ts";

const marker = (extra: Record<string, unknown> = {}) =>
  markerSchema.parse({
    token: "abc123",
    orderId: 9012345,
    adType: "commercial",
    price: 7500,
    address: {
      region: { id: 3, text: "מרכז והשרון" },
      city: { text: "תל אביב יפו" },
      neighborhood: { text: "פלורנטין" },
      street: { text: "ויטל" },
      house: { number: 12, floor: 3 },
      coords: { lat: 32.0575, lon: 34.7695 },
    },
    additionalDetails: { roomsCount: 2.5, squareMeter: 61, property: { text: "דירה" } },
    metaData: {
      coverImage: "https://img.yad2.co.il/Pic/202601/15/2_2/o/y2_1_1_20260115123045.jpeg",
      images: ["https://img.yad2.co.il/Pic/202601/16/2_2/o/y2_1_2_20260116090000.jpeg"],
    },
    customer: { agencyName: "נדל״ן העיר", agencyLogo: "" },
    ...extra,
  });

describe("a map marker as a listing", () => {
  it("keeps what Yad2 gives, with the link, merchant flag and posting hint", () => {
    const l = fromMarker(marker(), 5000);
    expect(l).toMatchObject({
      source: "yad2",
      externalId: "abc123",
      link: "https://www.yad2.co.il/realestate/item/abc123",
      price: 7500,
      merchant: true,
      street: "ויטל",
      houseNumber: "12",
      city: "תל אביב יפו",
      cityCode: 5000,
      neighborhood: "פלורנטין",
      floor: 3,
      lat: 32.0575,
      lon: 34.7695,
      rooms: 2.5,
      size: 61,
      agency: "נדל״ן העיר",
      kind: "apartment",
    });
    expect(l.images).toHaveLength(2);
    // 12:30:45 in Israel in January (UTC+2), the earlier of the two images
    expect(timestampDate(l.postedAt as never).toISOString()).toBe("2026-01-15T10:30:45.000Z");
  });

  it("leaves a call-for-price and unknown fields unset", () => {
    const l = fromMarker(marker({ price: 0, adType: "private", customer: undefined, metaData: {} }), 5000);
    expect(l.price).toBeUndefined();
    expect(l.merchant).toBe(false);
    expect(l.agency).toBeUndefined();
    expect(l.postedAt).toBeUndefined();
    expect(fromMarker(marker({ price: undefined }), 5000).price).toBeUndefined();
  });

  it("reads summer times in Israel as UTC+3 and ignores names without a time", () => {
    expect(postedHint(["x_20260701080000.jpg"])?.toISOString()).toBe("2026-07-01T05:00:00.000Z");
    expect(postedHint(["cover.jpeg", "x_99999999999999.jpg"])).toBeUndefined();
    expect(parseYad2Date("2026-03-01T10:00:00Z")?.toISOString()).toBe("2026-03-01T10:00:00.000Z");
  });
});

describe("item details as a listing", () => {
  it("adds the description, posting date, entry date, contact and agency", () => {
    const l = fromItem("abc123", {
      metaData: { description: " דירה יפה " },
      additionalDetails: { entranceDate: "2026-12-01T00:00:00" },
      dates: { createdAt: "2026-01-10T09:15:00" },
      customer: { name: "דנה", agencyName: null },
    });
    expect(l).toMatchObject({
      externalId: "abc123",
      description: "דירה יפה",
      entryDate: "2026-12-01",
      contactName: "דנה",
      agency: undefined,
    });
    expect(timestampDate(l.postedAt as never).toISOString()).toBe("2026-01-10T07:15:00.000Z");
    expect(fromItem("x", {}).description).toBe("");
  });

  it("says immediate for Yad2's מיידי and leaves a flexible date unknown", () => {
    expect(fromItem("x", { additionalDetails: { entranceDate: "מיידי" } }).entryDate).toBe("immediate");
    expect(fromItem("x", { additionalDetails: { entranceDate: "גמיש" } }).entryDate).toBeUndefined();
  });
});

describe("item details: the facts renters filter on", () => {
  /** An item answer in Yad2's wire shape, read the way the client reads it. */
  const item = (inProperty: unknown) =>
    itemAnswerSchema.parse({
      data: { token: "t1", metaData: { description: "" }, inProperty },
      message: "OK",
    }).data ?? {};

  it("reads every checkbox, a false as false", () => {
    const l = fromItem(
      "t1",
      item({
        includeSecurityRoom: true,
        includeParking: false,
        includeElevator: true,
        includeBalcony: true,
        includeFurniture: false,
        includePets: true,
        includeAirconditioner: true,
        includeAccessibility: false,
        includeBoiler: true,
      }),
    );
    expect(l.facts).toEqual({
      safeRoom: true,
      parking: false,
      elevator: true,
      balcony: true,
      furnished: false,
      pets: true,
      airConditioning: true,
      accessible: false,
    });
  });

  it("takes the other spellings of pets and accessibility; a key left out or not a boolean is unknown", () => {
    const l = fromItem("t1", item({ isPetsAllowed: false, isHandicapped: true, includeParking: "yes" }));
    expect(l.facts).toEqual({
      safeRoom: undefined,
      parking: undefined,
      elevator: undefined,
      balcony: undefined,
      furnished: undefined,
      pets: false,
      airConditioning: undefined,
      accessible: true,
    });
    expect(fromItem("t1", item(undefined)).facts).toBeUndefined();
  });
});
