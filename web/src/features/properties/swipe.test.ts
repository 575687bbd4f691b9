import { describe, expect, it } from "vitest";
import { dragOffset, swipeTarget } from "./swipe.ts";

const width = 300;

describe("swipeTarget", () => {
  it("turns the page after a drag past 20% of the width", () => {
    expect(swipeTarget(0, 3, { dx: -61, dt: 900, width })).toBe(1);
    expect(swipeTarget(2, 3, { dx: 61, dt: 900, width })).toBe(1);
  });

  it("springs back after a slow, short drag", () => {
    expect(swipeTarget(1, 3, { dx: -59, dt: 900, width })).toBe(1);
    expect(swipeTarget(1, 3, { dx: 60, dt: 900, width })).toBe(1);
  });

  it("turns the page on a quick flick over 300 px/s within 300 ms", () => {
    // 30 px in 80 ms is 375 px/s.
    expect(swipeTarget(0, 3, { dx: -30, dt: 80, width })).toBe(1);
    // Fast enough but too long a gesture.
    expect(swipeTarget(0, 3, { dx: -59, dt: 310, width })).toBe(0);
    // Quick but slower than 300 px/s: 20 px in 100 ms is 200 px/s.
    expect(swipeTarget(0, 3, { dx: -20, dt: 100, width })).toBe(0);
  });

  it("treats a tap as no swipe", () => {
    expect(swipeTarget(0, 3, { dx: -3, dt: 5, width })).toBe(0);
  });

  it("stays within the photos", () => {
    expect(swipeTarget(0, 3, { dx: 200, dt: 100, width })).toBe(0);
    expect(swipeTarget(2, 3, { dx: -200, dt: 100, width })).toBe(2);
    expect(swipeTarget(0, 1, { dx: -200, dt: 100, width })).toBe(0);
    expect(swipeTarget(0, 0, { dx: -200, dt: 100, width })).toBe(0);
  });
});

describe("dragOffset", () => {
  it("follows the finger between photos", () => {
    expect(dragOffset(1, 3, -90)).toBe(-90);
    expect(dragOffset(1, 3, 90)).toBe(90);
  });

  it("gives a third of the way past either end", () => {
    expect(dragOffset(0, 3, 90)).toBe(30);
    expect(dragOffset(2, 3, -90)).toBe(-30);
    expect(dragOffset(0, 1, -90)).toBe(-30);
  });
});
