import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { timeAgo } from "./format.ts";
import { typeLabel } from "./NotificationIcon.tsx";
import { pushErrorText } from "./pushErrors.ts";
import { checkTestInput } from "./testForm.ts";
import { PageTexts, PushError, PushErrors } from "./texts.ts";

// The notifications feature in Hebrew: relative times with Hebrew's plurals (one, two, many), the
// fixed texts and errors from the Hebrew catalogue, read when shown.

const NOW = Date.parse("2025-03-10T12:00:00Z");
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("notifications in Hebrew", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("he");
  });
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("reads recent times relatively, in Hebrew", () => {
    expect(timeAgo(before(20_000), NOW)).toBe("עכשיו");
    expect(timeAgo(before(MIN), NOW)).toBe("לפני דקה");
    expect(timeAgo(before(5 * MIN), NOW)).toBe("לפני 5 דקות");
    expect(timeAgo(before(HOUR), NOW)).toBe("לפני שעה");
    expect(timeAgo(before(2 * HOUR), NOW)).toBe("לפני שעתיים");
    expect(timeAgo(before(3 * HOUR), NOW)).toBe("לפני 3 שעות");
    expect(timeAgo(before(26 * HOUR), NOW)).toBe("אתמול");
    expect(timeAgo(before(2 * DAY), NOW)).toBe("לפני יומיים");
    expect(timeAgo(before(4 * DAY), NOW)).toBe("לפני 4 ימים");
    expect(timeAgo("2025-01-02T10:00:00Z", NOW)).toBe("2.1.2025");
  });

  it("says the fixed texts and the push errors in Hebrew", () => {
    expect(PageTexts.empty).toBe("אין התראות");
    expect(PageTexts.markAll).toBe("סימון הכול כנקרא");
    expect(pushErrorText(new PushError(PushErrors.denied))).toBe("ההרשאה להתראות נדחתה...");
    expect(pushErrorText({ name: "AbortError" })).toBe("ההרשמה להתראות פוש בוטלה. כדאי לנסות שוב.");
    expect(pushErrorText(null)).toBe("אירעה שגיאה");
    // The browser's own words inside a Hebrew sentence stay in an isolate.
    expect(PushErrors.workerFailed("Bad state")).toBe("רישום ה-Service Worker נכשל: \u2068Bad state\u2069");
    expect(typeLabel("property_match")).toBe("התאמה לנכס");
    expect(typeLabel("something_new")).toBe("מערכת");
  });

  it("refuses the test form in Hebrew", () => {
    expect(checkTestInput({ title: " ", body: "b", url: "" }, "https://dirabot.test")).toEqual({
      ok: false,
      error: "יש למלא כותרת ותוכן",
    });
  });

  it("follows a language change back to English at once", async () => {
    await i18n.changeLanguage("en");
    expect(PageTexts.empty).toBe("No Notifications");
    expect(timeAgo(before(2 * HOUR), NOW)).toBe("2 h ago");
    await i18n.changeLanguage("he");
  });
});
