import { describe, expect, it } from "vitest";
import { joinName, splitName } from "./names.ts";

describe("the edit dialog's Name", () => {
  it("splits on the first space only", () => {
    expect(splitName("Dana Levi Cohen")).toEqual({ firstname: "Dana", lastname: "Levi Cohen" });
  });

  it("keeps a single word as the first name", () => {
    expect(splitName("Dana")).toEqual({ firstname: "Dana", lastname: "" });
  });

  it("ignores stray spaces", () => {
    expect(splitName("  Dana   Levi  ")).toEqual({ firstname: "Dana", lastname: "Levi" });
  });

  it("joins back what it split", () => {
    expect(joinName(splitName("Dana Levi"))).toBe("Dana Levi");
    expect(joinName({ firstname: "Dana", lastname: "" })).toBe("Dana");
  });
});
