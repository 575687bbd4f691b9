import { describe, expect, it } from "vitest";
import { type BrowserFacts, iosVersion, isMobile, pushSupport, showsSupportWarning } from "./platform.ts";
import { PushErrors } from "./texts.ts";

const IPHONE_17 =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1";
const IPHONE_16_3 =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1";
const IPAD_AS_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Safari/605.1.15";
const MAC_SAFARI = IPAD_AS_MAC;
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const facts = (over: Partial<BrowserFacts>): BrowserFacts => ({
  userAgent: DESKTOP_CHROME,
  platform: "Linux x86_64",
  maxTouchPoints: 0,
  standalone: false,
  secureContext: true,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  ...over,
});

describe("platform", () => {
  it("reads the iOS version from an iPhone, and from an iPad that says it is a Mac", () => {
    expect(iosVersion(facts({ userAgent: IPHONE_17, platform: "iPhone", maxTouchPoints: 5 }))).toEqual([
      17, 2,
    ]);
    expect(iosVersion(facts({ userAgent: IPAD_AS_MAC, platform: "MacIntel", maxTouchPoints: 5 }))).toEqual([
      16, 4,
    ]);
    expect(iosVersion(facts({ userAgent: MAC_SAFARI, platform: "MacIntel", maxTouchPoints: 0 }))).toBeNull();
    expect(iosVersion(facts({ userAgent: ANDROID }))).toBeNull();
  });

  it("knows phones from desktops", () => {
    expect(isMobile(facts({ userAgent: ANDROID }))).toBe(true);
    expect(isMobile(facts({ userAgent: IPHONE_17, platform: "iPhone" }))).toBe(true);
    expect(isMobile(facts({}))).toBe(false);
  });
});

describe("pushSupport", () => {
  it("is full on a desktop or Android browser with everything push needs", () => {
    expect(pushSupport(facts({}))).toEqual({ level: "full" });
    expect(pushSupport(facts({ userAgent: ANDROID }))).toEqual({ level: "full" });
  });

  it("is none, 'not supported by this browser', when a piece is missing or the page is not secure", () => {
    for (const missing of [
      { hasPushManager: false },
      { hasServiceWorker: false },
      { hasNotification: false },
      { secureContext: false },
    ]) {
      expect(pushSupport(facts(missing))).toEqual({ level: "none", reason: PushErrors.unsupported });
    }
  });

  it("wants iOS 16.4, and on iOS an app on the home screen", () => {
    const iphone = { platform: "iPhone", maxTouchPoints: 5 };
    expect(pushSupport(facts({ ...iphone, userAgent: IPHONE_16_3, standalone: true }))).toEqual({
      level: "none",
      reason: PushErrors.iosVersion,
    });
    // A Safari tab has no PushManager at all: install first.
    expect(pushSupport(facts({ ...iphone, userAgent: IPHONE_17, hasPushManager: false }))).toEqual({
      level: "needs-install",
    });
    expect(pushSupport(facts({ ...iphone, userAgent: IPHONE_17, standalone: true }))).toEqual({
      level: "full",
    });
  });

  it("warns wherever support is not full", () => {
    expect(showsSupportWarning({ level: "full" })).toBe(false);
    expect(showsSupportWarning({ level: "needs-install" })).toBe(true);
    expect(showsSupportWarning({ level: "none", reason: PushErrors.unsupported })).toBe(true);
  });
});
