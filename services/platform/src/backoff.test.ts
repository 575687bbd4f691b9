import { describe, expect, it } from "vitest";
import { backoff } from "./backoff.ts";

describe("the back-off", () => {
  it("doubles from the base up to the cap, and jitters within 50–100 % of it", () => {
    expect([1, 2, 3, 4].map((n) => backoff(n, 1000, 5000, () => 1))).toEqual([1000, 2000, 4000, 5000]);
    expect(backoff(3, 1000, 5000, () => 0)).toBe(2000);
    expect(backoff(10_000, 1000, 60_000, () => 1)).toBe(60_000);
    expect(backoff(0, 1000, 60_000, () => 1)).toBe(1000);
  });
});
