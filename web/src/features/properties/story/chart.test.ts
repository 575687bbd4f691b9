import { describe, expect, it } from "vitest";
import {
  type ChartBox,
  chartGeometry,
  MIN_GAP,
  niceStep,
  priceDomain,
  pricePoints,
  spread,
} from "./chart.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const box: ChartBox = { width: 300, height: 120, top: 10, right: 10, bottom: 20, left: 50 };
const t0 = Date.parse("2025-11-03T12:00:00Z");

describe("price points", () => {
  it("keeps priced, dated entries oldest first", () => {
    const points = pricePoints([
      { price: 5000, at: "2025-11-10T12:00:00Z" },
      { price: 5500, at: "2025-11-03T12:00:00Z" },
    ]);
    expect(points.map((p) => p.price)).toEqual([5500, 5000]);
    expect(points[0]?.at).toBe(t0);
  });

  it("leaves out 'call for price', unreadable dates and repeats of the price before", () => {
    const points = pricePoints([
      { price: 5500, at: "2025-11-03T12:00:00Z" },
      { price: null, at: "2025-11-04T12:00:00Z" },
      { price: 5500, at: "2025-11-05T12:00:00Z" },
      { price: 5000, at: "not a date" },
      { price: 0, at: "2025-11-06T12:00:00Z" },
      { price: 5000, at: "2025-11-07T12:00:00Z" },
      { price: 5500, at: "2025-11-08T12:00:00Z" },
    ]);
    // Back to an earlier price is a change; the same price again is not.
    expect(points.map((p) => p.price)).toEqual([5500, 5000, 5500]);
  });

  it("is empty without prices", () => {
    expect(pricePoints([])).toEqual([]);
    expect(pricePoints([{ price: null, at: "2025-11-03T12:00:00Z" }])).toEqual([]);
  });
});

describe("axis steps", () => {
  it("rounds to 1, 2 or 5 times a power of ten", () => {
    expect(niceStep(500, 2)).toBe(500);
    expect(niceStep(700, 2)).toBe(500);
    expect(niceStep(1100, 2)).toBe(1000);
    expect(niceStep(30, 2)).toBe(20);
    expect(niceStep(0, 2)).toBe(1);
  });

  it("bounds the prices at round values", () => {
    expect(priceDomain([5500, 5000])).toEqual({ min: 5000, max: 5500, step: 500 });
    expect(priceDomain([4350, 5120])).toEqual({ min: 4000, max: 5500, step: 500 });
  });

  it("puts a single price in the middle of a band", () => {
    const d = priceDomain([5000]);
    expect(d.max - 5000).toBe(5000 - d.min);
    expect(d.min).toBeGreaterThanOrEqual(0);
    expect(priceDomain([50])).toEqual({ min: 45, max: 55, step: 5 });
  });
});

describe("spreading points", () => {
  it("leaves points far enough apart where they are", () => {
    expect(spread([0, 50, 100], 0, 100, 24)).toEqual([0, 50, 100]);
    expect(spread([40], 0, 100, 24)).toEqual([40]);
  });

  it("pushes close points right, and pulls them back from the end", () => {
    expect(spread([0, 1, 2], 0, 100, 24)).toEqual([0, 24, 48]);
    expect(spread([0, 99, 100], 0, 100, 24)).toEqual([0, 76, 100]);
    expect(spread([98, 99, 100], 0, 100, 24)).toEqual([52, 76, 100]);
  });

  it("spaces evenly when they cannot all keep the gap", () => {
    expect(spread([0, 1, 2, 3, 4, 5], 0, 100, 24)).toEqual([0, 20, 40, 60, 80, 100]);
  });
});

describe("chart geometry", () => {
  it("draws nothing without points", () => {
    const g = chartGeometry([], t0, box);
    expect(g.line).toBe("");
    expect(g.points).toEqual([]);
    expect(g.yTicks).toEqual([]);
  });

  it("steps from price to price and holds the last one until the end", () => {
    const points = [
      { price: 5500, at: t0 },
      { price: 5000, at: t0 + 5 * DAY },
    ];
    const g = chartGeometry(points, t0 + 10 * DAY, box);
    // x: 50..290 over 10 days; y: 5000 at the bottom (100), 5500 at the top (10).
    expect(g.points.map((p) => [p.x, p.y])).toEqual([
      [50, 10],
      [170, 100],
    ]);
    expect(g.line).toBe("M50,10H170V100H290");
    expect(g.area).toBe("M50,10H170V100H290V100H50Z");
    expect(g.yTicks).toEqual([
      { y: 100, value: 5000 },
      { y: 10, value: 5500 },
    ]);
    expect(g.xTicks).toEqual([
      { x: 50, at: t0 },
      { x: 290, at: t0 + 10 * DAY },
    ]);
  });

  it("gives one price seen a moment ago a line across, at mid height", () => {
    const g = chartGeometry([{ price: 5000, at: t0 }], t0, box);
    expect(g.points).toHaveLength(1);
    expect(g.points[0]).toMatchObject({ x: 50, y: 55 });
    expect(g.line).toBe("M50,55H290");
    expect(g.xTicks[1]?.at).toBe(t0 + HOUR);
  });

  it("keeps two quick re-pricings apart", () => {
    const points = [
      { price: 6200, at: t0 },
      { price: 5700, at: t0 + 1000 },
    ];
    const g = chartGeometry(points, t0 + 10 * DAY, box);
    expect(g.points.map((p) => p.x)).toEqual([50, 50 + MIN_GAP]);
    expect(g.line).toBe(`M50,37H${50 + MIN_GAP}V82H290`);
  });

  it("never ends before the last change (a clock behind the server)", () => {
    const points = [
      { price: 5500, at: t0 },
      { price: 5000, at: t0 + 5 * DAY },
    ];
    const g = chartGeometry(points, t0, box);
    expect(g.points[1]?.x).toBe(290);
    expect(g.line.endsWith("H290")).toBe(true);
  });

  it("keeps every point inside the plot", () => {
    const points = [4100, 6900, 5350, 4800].map((price, i) => ({ price, at: t0 + i * 3 * DAY }));
    const g = chartGeometry(points, t0 + 30 * DAY, box);
    for (const p of g.points) {
      expect(p.x).toBeGreaterThanOrEqual(g.plot.x0);
      expect(p.x).toBeLessThanOrEqual(g.plot.x1);
      expect(p.y).toBeGreaterThanOrEqual(g.plot.y0);
      expect(p.y).toBeLessThanOrEqual(g.plot.y1);
    }
    expect(g.yTicks[0]?.value).toBeLessThanOrEqual(4100);
    expect(g.yTicks.at(-1)?.value).toBeGreaterThanOrEqual(6900);
  });
});
