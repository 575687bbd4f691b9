import { describe, expect, it } from "vitest";
import { clusterDistance, roundPosition, samePosition, validPosition, zoomInFrom } from "./rules.ts";

describe("clusterDistance", () => {
  it("clusters within 50 px below zoom 15 and not at all from 15", () => {
    expect(clusterDistance(14.99)).toBe(50);
    expect(clusterDistance(15)).toBe(0);
    expect(clusterDistance(18)).toBe(0);
  });

  it("still merges the server's grid cells from 15", () => {
    expect(clusterDistance(16, true)).toBe(50);
    expect(clusterDistance(14, true)).toBe(50);
  });
});

describe("positions", () => {
  it("round to about a metre and a hundredth of a zoom", () => {
    expect(roundPosition({ lat: 32.0853123, lon: 34.78184999, zoom: 14.004 })).toEqual({
      lat: 32.08531,
      lon: 34.78185,
      zoom: 14,
    });
  });

  it("are the same when they round the same", () => {
    expect(
      samePosition({ lat: 32.085301, lon: 34.7818, zoom: 14 }, { lat: 32.0853, lon: 34.7818, zoom: 14.001 }),
    ).toBe(true);
    expect(
      samePosition({ lat: 32.0854, lon: 34.7818, zoom: 14 }, { lat: 32.0853, lon: 34.7818, zoom: 14 }),
    ).toBe(false);
  });

  it("are refused when a URL holds nonsense", () => {
    expect(validPosition({ lat: 32, lon: 34, zoom: 14 })).toBe(true);
    expect(validPosition({ lat: Number.NaN, lon: 34, zoom: 14 })).toBe(false);
    expect(validPosition({ lat: 95, lon: 34, zoom: 14 })).toBe(false);
    expect(validPosition({ lat: 32, lon: 34, zoom: 40 })).toBe(false);
  });
});

describe("zoomInFrom", () => {
  it("goes two levels in, up to the map's deepest", () => {
    expect(zoomInFrom(14.6)).toBe(16);
    expect(zoomInFrom(18.5)).toBe(19);
  });
});
