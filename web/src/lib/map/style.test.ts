import { describe, expect, it } from "vitest";
import { areaColours, areaTitle, codeOf, labelSize, withAlpha } from "./style.ts";

describe("labelSize", () => {
  it("hides labels below zoom 13 and steps the size up at 13 and 15", () => {
    expect(labelSize(12.9)).toBeNull();
    expect(labelSize(13)).toBe(11);
    expect(labelSize(14.5)).toBe(11);
    expect(labelSize(15)).toBe(13);
    expect(labelSize(18)).toBe(13);
  });
});

describe("areaColours", () => {
  it("draws selected areas #FF5A5F and unselected ones #00A699", () => {
    expect(areaColours("selected").stroke).toBe("#FF5A5F");
    expect(areaColours("selected").fill).toBe("rgba(255, 90, 95, 0.45)");
    expect(areaColours("unselected").stroke).toBe("#00A699");
    expect(withAlpha("#00A699", 0.5)).toBe("rgba(0, 166, 153, 0.5)");
  });
});

describe("codeOf", () => {
  it("reads the hoodCode string, and an empty one as no code", () => {
    expect(codeOf("205")).toBe(205);
    expect(codeOf("")).toBeNull();
    expect(codeOf(undefined)).toBeNull();
  });
});

describe("areaTitle", () => {
  it("names the neighbourhood, and says when it is not supported", () => {
    expect(areaTitle({ hoodName: "פלורנטין", name: "תל אביב יפו - פלורנטין" }, true, "he")).toBe("פלורנטין");
    expect(areaTitle({ hoodName: "", name: "חולון" }, false, "he")).toBe("חולון (not supported yet)");
  });

  it("names it in the reader's language, a list of places joined by commas", () => {
    const florentin = { hoodName: "פלורנטין", name: "תל אביב יפו - פלורנטין", hoodNameEn: "Florentin" };
    expect(areaTitle(florentin, true)).toBe("Florentin");
    expect(areaTitle(florentin, true, "he")).toBe("פלורנטין");
    expect(areaTitle({ hoodName: "", name: "חולון", nameEn: "Holon" }, false)).toBe(
      "Holon (not supported yet)",
    );
    expect(
      areaTitle({ hoodName: "נווה גן;קרית שאול", name: "רמת השרון - נווה גן;קרית שאול" }, true, "he"),
    ).toBe("נווה גן, קרית שאול");
  });
});
