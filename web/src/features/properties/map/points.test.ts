import { describe, expect, it } from "vitest";
import type { PropertyAsset } from "../types.ts";
import { diffPoints, listingsIn, nearPoints, pointsOf, validLonLat } from "./points.ts";

const asset = (id: string, coordinates: [number, number] | null, price: number | null = 5000) =>
  ({ _id: id, price, coordinates: coordinates && { type: "Point", coordinates } }) as PropertyAsset;

describe("validLonLat", () => {
  it("takes finite numbers in range only", () => {
    expect(validLonLat(34.78, 32.08)).toBe(true);
    expect(validLonLat(-180, 90)).toBe(true);
    expect(validLonLat(181, 32)).toBe(false);
    expect(validLonLat(34, -91)).toBe(false);
    expect(validLonLat(Number.NaN, 32)).toBe(false);
    expect(validLonLat("34", 32)).toBe(false);
  });
});

describe("pointsOf", () => {
  it("uses the server's points and cells when it sends them", () => {
    const points = pointsOf({
      assets: [asset("ignored", [34.7, 32])],
      clusters: [
        { lon: 34.77, lat: 32.05, count: 1, id: "a", price: 6500 },
        { lon: 34.781234567, lat: 32.08, count: 40, id: null, price: null },
        { lon: 200, lat: 32, count: 3, id: null, price: null },
      ],
    });
    expect(points).toEqual([
      { key: "l:a", lon: 34.77, lat: 32.05, count: 1, id: "a", price: 6500 },
      { key: "c:34.78123,32.08000:40", lon: 34.781234567, lat: 32.08, count: 40, id: null, price: null },
    ]);
  });

  it("falls back to the listings' coordinates, skipping those without", () => {
    const points = pointsOf({
      assets: [asset("a", [34.77, 32.05]), asset("b", null), asset("a", [34.77, 32.05])],
    });
    expect(points).toEqual([{ key: "l:a", lon: 34.77, lat: 32.05, count: 1, id: "a", price: 5000 }]);
  });

  it("counts every listing, cells included", () => {
    expect(listingsIn([{ count: 1 }, { count: 40 }])).toBe(41);
  });
});

describe("diffPoints", () => {
  it("adds the new keys and removes the gone ones, leaving the rest alone", () => {
    const next = pointsOf({ assets: [asset("a", [34.77, 32.05]), asset("c", [34.78, 32.06])] });
    const { added, removed } = diffPoints(new Set(["l:a", "l:b"]), next);
    expect(added.map((p) => p.key)).toEqual(["l:c"]);
    expect(removed).toEqual(["l:b"]);
  });
});

describe("near my places", () => {
  const work = { id: "w", name: "Work", lat: 32.0853, lon: 34.7818 };
  const at = (key: string, lat: number, lon: number) => ({ key, lat, lon, count: 1, id: key, price: 5000 });
  // About 2.5 km and 3.5 km north of Work.
  const close = at("close", 32.1078, 34.7818);
  const far = at("far", 32.1168, 34.7818);

  it("keeps the points inside a ring around any place, and all of them when off", () => {
    expect(nearPoints([close, far], [work], 3).map((p) => p.key)).toEqual(["close"]);
    expect(nearPoints([close, far], [work], null)).toHaveLength(2);
    expect(nearPoints([close, far], [], 3)).toHaveLength(2);
  });
});
