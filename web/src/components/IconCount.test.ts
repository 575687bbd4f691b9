import { describe, expect, it } from "vitest";
import { badgeCount } from "./IconCount.tsx";

describe("badgeCount", () => {
  it("caps at 99+", () => {
    expect(badgeCount(7)).toBe("7");
    expect(badgeCount(99)).toBe("99");
    expect(badgeCount(100)).toBe("99+");
  });
});
