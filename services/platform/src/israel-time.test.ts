import { describe, expect, it } from "vitest";
import { israelClock, israelTime } from "./israel-time.ts";

const iso = (...a: Parameters<typeof israelTime>) => israelTime(...a)?.toISOString();

// 2026's changes: summer time from Friday 27 March 02:00 (to 03:00), winter time from Sunday
// 25 October 02:00 (back to 01:00).
describe("Israel's wall clock", () => {
  it("is UTC+2 in winter and UTC+3 in summer", () => {
    expect(iso(2026, 1, 15, 12, 30, 45)).toBe("2026-01-15T10:30:45.000Z");
    expect(iso(2026, 7, 3)).toBe("2026-07-02T21:00:00.000Z");
    expect(israelClock(new Date("2026-01-15T10:30:45Z"))).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 12,
      minute: 30,
      second: 45,
      offsetMinutes: 120,
    });
    expect(israelClock(new Date("2026-07-02T21:00:00Z"))).toMatchObject({
      month: 7,
      day: 3,
      hour: 0,
      offsetMinutes: 180,
    });
  });

  it("moves to summer time on the spring night: the skipped hour reads an hour later", () => {
    expect(iso(2026, 3, 27, 1, 59)).toBe("2026-03-26T23:59:00.000Z"); // still winter
    expect(iso(2026, 3, 27, 2, 30)).toBe("2026-03-27T00:30:00.000Z"); // no such time: 03:30
    expect(iso(2026, 3, 27, 3, 0)).toBe("2026-03-27T00:00:00.000Z"); // summer
    expect(israelClock(new Date("2026-03-26T23:59:59Z"))).toMatchObject({
      hour: 1,
      minute: 59,
      offsetMinutes: 120,
    });
    expect(israelClock(new Date("2026-03-27T00:00:00Z"))).toMatchObject({
      hour: 3,
      minute: 0,
      offsetMinutes: 180,
    });
  });

  it("moves back to winter time on the autumn night: the repeated hour is the second one", () => {
    expect(iso(2026, 10, 25, 0, 30)).toBe("2026-10-24T21:30:00.000Z"); // summer
    expect(iso(2026, 10, 25, 1, 30)).toBe("2026-10-24T23:30:00.000Z"); // the second 01:30, winter
    expect(iso(2026, 10, 25, 2, 0)).toBe("2026-10-25T00:00:00.000Z"); // winter
    expect(israelClock(new Date("2026-10-24T22:30:00Z"))).toMatchObject({
      hour: 1,
      minute: 30,
      offsetMinutes: 180,
    });
    expect(israelClock(new Date("2026-10-24T23:30:00Z"))).toMatchObject({
      hour: 1,
      minute: 30,
      offsetMinutes: 120,
    });
  });

  it("makes no date of fields that are none", () => {
    expect(israelTime(1999, 1, 1)).toBeUndefined();
    expect(israelTime(2026, 13, 1)).toBeUndefined();
    expect(israelTime(2026, 1, 0)).toBeUndefined();
    expect(israelTime(2026, 1, 1, 24)).toBeUndefined();
    expect(israelTime(2026, 1, 1, 12, 60)).toBeUndefined();
    expect(israelTime(2026, Number.NaN, 1)).toBeUndefined();
    expect(iso(2026, 2, 31)).toBe("2026-03-02T22:00:00.000Z"); // rolls over as Date does
  });
});
