import { describe, expect, it } from "vitest";
import { postedAtFromText } from "./posted-at.ts";

// Ten in the morning in Israel (UTC+2 in winter).
const NOW = new Date("2026-11-22T08:00:00Z");
const at = (text: string) => postedAtFromText(text, NOW)?.toISOString();

describe("a post's time from its timestamp link", () => {
  it("reads relative times in Hebrew and English", () => {
    expect(at("5 דק׳")).toBe("2026-11-22T07:55:00.000Z");
    expect(at("3 שע'")).toBe("2026-11-22T05:00:00.000Z");
    expect(at("שעה")).toBe("2026-11-22T07:00:00.000Z");
    expect(at("2 ימים")).toBe("2026-11-20T08:00:00.000Z");
    expect(at("1 שבוע")).toBe("2026-11-15T08:00:00.000Z");
    expect(at("3h")).toBe("2026-11-22T05:00:00.000Z");
    expect(at("12m")).toBe("2026-11-22T07:48:00.000Z");
    expect(at("עכשיו")).toBe(NOW.toISOString());
  });

  it("reads yesterday and days of the year as Israel's clock", () => {
    expect(at("אתמול בשעה 10:30")).toBe("2026-11-21T08:30:00.000Z");
    expect(at("Yesterday at 9:15 PM")).toBe("2026-11-21T19:15:00.000Z");
    expect(at("20 בנובמבר בשעה 18:05")).toBe("2026-11-20T16:05:00.000Z");
    expect(at("November 20 at 6:05 PM")).toBe("2026-11-20T16:05:00.000Z");
    expect(at("3 ביולי 2025")).toBe("2025-07-02T21:00:00.000Z"); // summer: UTC+3
    expect(at("28 בדצמבר")).toBe("2025-12-27T22:00:00.000Z"); // no year: the last 28 December
  });

  it("reads times on the nights the clocks change as Israel's clock showed them", () => {
    // 2026: summer time from 27 March 02:00 (to 03:00), winter time from 25 October 02:00 (to 01:00).
    expect(at("27 במרץ 2026 בשעה 01:30")).toBe("2026-03-26T23:30:00.000Z"); // still UTC+2
    expect(at("27 במרץ 2026 בשעה 03:30")).toBe("2026-03-27T00:30:00.000Z"); // UTC+3
    expect(at("25 באוקטובר 2026 בשעה 00:30")).toBe("2026-10-24T21:30:00.000Z"); // still UTC+3
    expect(at("25 באוקטובר 2026 בשעה 02:30")).toBe("2026-10-25T00:30:00.000Z"); // UTC+2
  });

  it("leaves anything else unknown", () => {
    expect(at("")).toBeUndefined();
    expect(at("דירה להשכרה בפלורנטין")).toBeUndefined();
    expect(at("Sponsored")).toBeUndefined();
  });
});
