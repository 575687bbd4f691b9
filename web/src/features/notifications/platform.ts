import { PushErrors } from "./texts.ts";

// What this browser can do for web push (the support check of the push setup, and iOS's rules:
// 16.4 or later, and only as an installed app), as
// pure functions of what the page can observe, so the rules are tested without a browser.

export interface BrowserFacts {
  userAgent: string;
  /** navigator.platform: iPadOS 13+ says "MacIntel" and a Mac user agent, but has touch points. */
  platform: string;
  maxTouchPoints: number;
  /** Opened from the home screen or as an installed app (display-mode: standalone). */
  standalone: boolean;
  secureContext: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
}

export type Version = [major: number, minor: number];

/** The iOS/iPadOS version, or null off iOS. An iPad whose version cannot be read counts as current. */
export function iosVersion(
  f: Pick<BrowserFacts, "userAgent" | "platform" | "maxTouchPoints">,
): Version | null {
  const ua = f.userAgent;
  const ipadAsMac = f.platform === "MacIntel" && f.maxTouchPoints > 1;
  if (!/iPhone|iPad|iPod/.test(ua) && !ipadAsMac) return null;
  const os = /OS (\d+)[_.](\d+)/.exec(ua);
  if (os && !ipadAsMac) return [Number(os[1]), Number(os[2])];
  const safari = /Version\/(\d+)\.(\d+)/.exec(ua);
  if (safari) return [Number(safari[1]), Number(safari[2])];
  return [99, 0];
}

const IOS_PUSH_MINIMUM: Version = [16, 4];

const atLeast = (v: Version, min: Version) => v[0] > min[0] || (v[0] === min[0] && v[1] >= min[1]);

export function isMobile(f: Pick<BrowserFacts, "userAgent" | "platform" | "maxTouchPoints">): boolean {
  return iosVersion(f) !== null || /Android|Mobi/i.test(f.userAgent);
}

/**
 * - full: push works here now (desktop and Android browsers, an installed iOS web app);
 * - needs-install: iOS 16.4+ in a Safari tab, where push exists only for a home-screen app;
 * - none: it cannot work here, with the reason shown.
 */
export type PushSupport = { level: "full" } | { level: "needs-install" } | { level: "none"; reason: string };

export function pushSupport(f: BrowserFacts): PushSupport {
  const ios = iosVersion(f);
  if (ios && !atLeast(ios, IOS_PUSH_MINIMUM)) return { level: "none", reason: PushErrors.iosVersion };
  if (ios && !f.standalone) return { level: "needs-install" };
  if (!f.secureContext || !f.hasServiceWorker || !f.hasPushManager || !f.hasNotification) {
    return { level: "none", reason: PushErrors.unsupported };
  }
  return { level: "full" };
}

/** 'Web Push Notifications are not fully supported on this browser.' shows wherever it is not full. */
export const showsSupportWarning = (support: PushSupport) => support.level !== "full";

/** The facts of the running page. */
export function browserFacts(): BrowserFacts {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform ?? "",
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: window.matchMedia?.("(display-mode: standalone)").matches === true || nav.standalone === true,
    secureContext: window.isSecureContext,
    hasServiceWorker: "serviceWorker" in nav,
    hasPushManager: "PushManager" in window,
    hasNotification: "Notification" in window,
  };
}
