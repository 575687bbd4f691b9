export { type BrowserCookie, CHROMIUM_ARGS, Chromium } from "./browser.ts";
export { Leases, type LeaseTables } from "./leases.ts";
export { ENGLISH_MONTHS, HEBREW_MONTHS } from "./months.ts";
export { backoff, jitter, Poller, type PollerOptions } from "./poll.ts";
export { browserSettings } from "./settings.ts";
