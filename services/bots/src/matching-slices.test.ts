import { describe, expect, it } from "vitest";
import { eventSlices, FIRST_EVENT_MATCHES, MATCHES_PER_EVENT } from "./matching.ts";

describe("a listing's matches cut into listing.matched events", () => {
  it("sends a small first event, then full ones, every match once and in order", () => {
    expect(eventSlices(0)).toEqual([]);
    expect(eventSlices(1)).toEqual([[0, 1]]);
    expect(eventSlices(FIRST_EVENT_MATCHES)).toEqual([[0, FIRST_EVENT_MATCHES]]);
    expect(eventSlices(105)).toEqual([
      [0, 50],
      [50, 105],
    ]);
    expect(eventSlices(950)).toEqual([
      [0, 50],
      [50, 550],
      [550, 950],
    ]);
    for (const n of [1, 49, 50, 51, 549, 550, 551, 2000]) {
      const slices = eventSlices(n);
      expect(slices.flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i))).toEqual(
        Array.from({ length: n }, (_, i) => i),
      );
      expect(slices.every(([a, b]) => b - a <= MATCHES_PER_EVENT)).toBe(true);
    }
  });

  it("cuts every match into full events when the first ones went out ahead", () => {
    expect(eventSlices(0, 0)).toEqual([]);
    expect(eventSlices(900, 0)).toEqual([
      [0, 500],
      [500, 900],
    ]);
  });
});
