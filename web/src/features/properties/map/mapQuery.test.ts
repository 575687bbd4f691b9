import { describe, expect, it } from "vitest";
import type { PropertyFilters } from "../types.ts";
import { clampBounds, mapQuery } from "./mapQuery.ts";

const none: PropertyFilters = {
  searchText: "",
  minRooms: null,
  priceRange: null,
  merchant: null,
  neighborhoodCode: null,
  neighborhoodCodes: [],
  availableBy: null,
  nearKm: null,
};

describe("mapQuery", () => {
  it("asks for the map's page in the view's bounds, leaving unset filters out", () => {
    expect(mapQuery(none, [34.7512345678, 32.05, 34.8, 32.1])).toEqual({
      page: 1,
      isMapView: true,
      limit: 100,
      bounds: "[[34.751235,32.05],[34.8,32.1]]",
      searchText: undefined,
      minRooms: undefined,
      priceRange: undefined,
      merchant: undefined,
      neighborhoodCode: undefined,
      neighborhoodCodes: undefined,
      availableBy: undefined,
      nearKm: undefined,
      sort: undefined,
    });
  });

  it("carries every filter the list sends", () => {
    const q = mapQuery(
      {
        searchText: " גן ",
        minRooms: 3,
        priceRange: [4000, 9000],
        merchant: false,
        neighborhoodCode: 205,
        neighborhoodCodes: [205, 206],
        availableBy: "2027-01-31",
        nearKm: 3,
      },
      [34.75, 32.05, 34.8, 32.1],
    );
    expect(q).toMatchObject({
      searchText: "גן",
      minRooms: 3,
      priceRange: "[4000,9000]",
      merchant: false,
      neighborhoodCode: 205,
      neighborhoodCodes: "205,206",
      availableBy: "2027-01-31",
      nearKm: 3,
    });
  });
});

describe("clampBounds", () => {
  it("keeps the world's edges", () => {
    expect(clampBounds([-200, -95, 200, 95])).toEqual([-180, -90, 180, 90]);
  });
});
