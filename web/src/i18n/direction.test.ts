import { describe, expect, it } from "vitest";
import { currentDirection, directionOf, inlineEnd, inlineStart } from "./direction.ts";
import { i18n } from "./index.ts";

describe("the page's direction", () => {
  it("is right to left in Hebrew only", async () => {
    expect(directionOf("he")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
    expect(directionOf("fr")).toBe("ltr");
    expect(currentDirection()).toBe("ltr");
    await i18n.changeLanguage("he");
    try {
      expect(currentDirection()).toBe("rtl");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("names the physical side lines start and end on", () => {
    expect([inlineStart("ltr"), inlineEnd("ltr")]).toEqual(["left", "right"]);
    expect([inlineStart("rtl"), inlineEnd("rtl")]).toEqual(["right", "left"]);
  });
});
