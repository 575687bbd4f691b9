import { createLogger } from "@dirabot/platform";
import { describe, expect, it } from "vitest";
import { Chromium } from "./browser.ts";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

describe("the shared headless Chromium", () => {
  it("launches once for every context, and again after the browser went away", async () => {
    const chrome = new Chromium(CHROME, createLogger("silent"));
    try {
      const [a, b] = await Promise.all([chrome.browser(), chrome.browser()]);
      expect(a).toBe(b);
      const context = await chrome.context(
        (version) => ({ userAgent: `probe/${version.split(".")[0]}` }),
        [{ name: "session", value: "s1", url: "https://example.test/" }],
      );
      expect(await context.cookies()).toMatchObject([
        { name: "session", value: "s1", domain: "example.test" },
      ]);
      const page = await context.newPage();
      expect(await page.evaluate("navigator.userAgent")).toBe(`probe/${a.version().split(".")[0]}`);

      await a.close(); // as a crash: the browser disconnects
      const again = await chrome.context({});
      expect(again.browser()).not.toBe(a);
      expect(again.browser()?.isConnected()).toBe(true);
    } finally {
      await chrome.close();
    }
  }, 90_000);
});
