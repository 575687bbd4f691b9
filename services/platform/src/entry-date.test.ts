import { describe, expect, it } from "vitest";
import { normaliseEntryDate } from "./entry-date.ts";

describe("normaliseEntryDate", () => {
  it("keeps the day of Yad2's zoneless times and of ISO dates", () => {
    expect(normaliseEntryDate("2026-12-01T00:00:00")).toBe("2026-12-01");
    expect(normaliseEntryDate(" 2027-03-15 ")).toBe("2027-03-15");
    expect(normaliseEntryDate("1/12/2026")).toBe("2026-12-01");
    expect(normaliseEntryDate("15.08.2027")).toBe("2027-08-15");
  });

  it("reads every way sources say immediate", () => {
    for (const s of ["מיידי", "מיידית", "immediate", "Immediately", "מיד"])
      expect(normaliseEntryDate(s)).toBe("immediate");
  });

  it("leaves what it cannot be sure of unknown", () => {
    for (const s of ["גמיש", "", "  ", null, undefined, "2026-02-30", "soon", "1.3", "12/2026"])
      expect(normaliseEntryDate(s)).toBeNull();
  });
});
