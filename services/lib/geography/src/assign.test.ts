import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { DENO, ROOT } from "@dirabot/platform/testing";
import { describe, expect, it } from "vitest";
import { assignNeighborhood, cityByPoint, neighborhoodByCode } from "./index.ts";

const FLORENTIN = { lat: 32.0565, lon: 34.77 };
const SEA = { lat: 32.08, lon: 34.7 };
const RAMAT_GAN = { lat: 32.0823, lon: 34.8125 };
const GIVATAYIM = { lat: 32.0714, lon: 34.8097 };

describe("assignNeighborhood", () => {
  it("places a point by the polygon holding it", () => {
    expect(assignNeighborhood(FLORENTIN)).toEqual({ code: 205, method: "polygon" });
    const rg = assignNeighborhood(RAMAT_GAN);
    expect(rg.method).toBe("polygon");
    expect(neighborhoodByCode(rg.code as number)?.cityCode).toBe(8600);
    expect(neighborhoodByCode(assignNeighborhood(GIVATAYIM).code as number)?.cityCode).toBe(6300);
  });

  it("lets the coordinates win over the name", () => {
    expect(assignNeighborhood({ ...FLORENTIN, name: "נווה צדק", cityCode: 5000 })).toEqual({
      code: 205,
      method: "polygon",
    });
  });

  it("settles polygons overlapping at a city border by the listing's city", () => {
    // Or Yehuda (2400) and Yehud-Monosson (9400) overlap here in bogind's outlines.
    const border = { lat: 32.0255, lon: 34.874 };
    expect(cityByPoint(border.lat, border.lon)?.cityCode).toBe(9400);
    expect(neighborhoodByCode(assignNeighborhood(border).code as number)?.cityCode).toBe(9400);
    expect(
      neighborhoodByCode(assignNeighborhood({ ...border, cityCode: 2400 }).code as number)?.cityCode,
    ).toBe(2400);
  });

  it("falls back to the name when the point is in no polygon or missing", () => {
    expect(assignNeighborhood({ ...SEA, name: "קריית שלום", cityCode: 5000 })).toEqual({
      code: 212,
      method: "name",
    });
    expect(assignNeighborhood({ name: "הצפון הישן - צפון" })).toEqual({ code: 1483, method: "name" });
    expect(assignNeighborhood({ lat: Number.NaN, lon: 34.77, name: "בבלי" })).toEqual({
      code: 1518,
      method: "name",
    });
  });

  it("answers none for the sea and for an unknown name", () => {
    expect(assignNeighborhood(SEA)).toEqual({ code: null, method: "none" });
    expect(assignNeighborhood({ ...SEA, name: "שכונה שלא קיימת" })).toEqual({ code: null, method: "none" });
    expect(assignNeighborhood({})).toEqual({ code: null, method: "none" });
  });
});

describe("cityByPoint", () => {
  it("names the city holding a point, and nothing at sea", () => {
    expect(cityByPoint(FLORENTIN.lat, FLORENTIN.lon)).toEqual({ cityCode: 5000, name: "תל אביב יפו" });
    expect(cityByPoint(RAMAT_GAN.lat, RAMAT_GAN.lon)).toEqual({ cityCode: 8600, name: "רמת גן" });
    expect(cityByPoint(SEA.lat, SEA.lon)).toBeUndefined();
  });
});

describe("the geo module under Deno", () => {
  it("loads its data and assigns the same as under Node", () => {
    const out = execFileSync(
      DENO,
      [
        "run",
        "-A",
        "--node-modules-dir=manual",
        path.join(ROOT, "services/lib/geography/src/probe.ts"),
        "32.0565",
        "34.77",
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(JSON.parse(out)).toEqual({
      code: 205,
      method: "polygon",
      name: "תל אביב יפו - פלורנטין",
      city: { cityCode: 5000, name: "תל אביב יפו" },
    });
  });
});
