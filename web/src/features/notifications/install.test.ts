import { describe, expect, it } from "vitest";
import { installWay, shouldOfferInstall, wasPrompted } from "./install.ts";

describe("install prompt", () => {
  it("shows on a phone, not installed, not yet prompted — and nowhere else", () => {
    expect(shouldOfferInstall({ mobile: true, standalone: false, prompted: false })).toBe(true);
    expect(shouldOfferInstall({ mobile: false, standalone: false, prompted: false })).toBe(false);
    expect(shouldOfferInstall({ mobile: true, standalone: true, prompted: false })).toBe(false);
    expect(shouldOfferInstall({ mobile: true, standalone: false, prompted: true })).toBe(false);
  });

  it("uses the browser's dialog when offered, Safari's share sheet on iOS, else the menu", () => {
    expect(installWay(false, true)).toBe("prompt");
    expect(installWay(true, false)).toBe("ios");
    expect(installWay(false, false)).toBe("menu");
  });

  it("reads the stored flag strictly", () => {
    expect(wasPrompted("true")).toBe(true);
    expect(wasPrompted(null)).toBe(false);
    expect(wasPrompted("1")).toBe(false);
  });
});
