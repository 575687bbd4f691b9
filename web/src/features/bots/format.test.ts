import { describe, expect, it } from "vitest";
import { formatCreatedAt, formatPrice } from "./format.ts";

describe("formatPrice", () => {
  it("writes shekels with a thousands separator", () => {
    expect(formatPrice(0)).toBe("₪0");
    expect(formatPrice(5000)).toBe("₪5,000");
    expect(formatPrice(20000)).toBe("₪20,000");
    expect(formatPrice(1250)).toBe("₪1,250");
  });
});

describe("formatCreatedAt", () => {
  it("writes day, month, year, hour and minute the Hebrew-Israel way, in Israel's time", () => {
    // 09:05 UTC is 11:05 in Israel in winter.
    expect(formatCreatedAt("2026-01-15T09:05:00.000Z")).toBe("15.01.2026, 11:05");
  });

  it("is empty when the time is missing or unreadable", () => {
    expect(formatCreatedAt(null)).toBe("");
    expect(formatCreatedAt("not a date")).toBe("");
  });
});
