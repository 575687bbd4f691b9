import { describe, expect, it } from "vitest";
import { quietUntil } from "./quiet-hours.ts";

// Israel is UTC+2 in winter, UTC+3 in summer (2026: from 27 March to 25 October).
const at = (iso: string) => new Date(iso);

describe("quiet hours in Israel time", () => {
  const night = { from: "23:00", to: "07:00" };

  it("holds inside a window that crosses midnight, until its end", () => {
    // 23:30 Israel (winter) → 07:00 the next morning
    expect(quietUntil(night, at("2026-01-10T21:30:00Z"))?.toISOString()).toBe("2026-01-11T05:00:00.000Z");
    // 03:15:42 Israel → 07:00 the same morning
    expect(quietUntil(night, at("2026-01-11T01:15:42.500Z"))?.toISOString()).toBe("2026-01-11T05:00:00.000Z");
    // summer: 23:00 Israel is 20:00 UTC; 07:00 is 04:00 UTC
    expect(quietUntil(night, at("2026-07-01T20:00:00Z"))?.toISOString()).toBe("2026-07-02T04:00:00.000Z");
  });

  it("lets everything through outside the window, at its end, and with none", () => {
    expect(quietUntil(night, at("2026-01-11T05:00:00Z"))).toBeUndefined(); // 07:00 exactly
    expect(quietUntil(night, at("2026-01-11T12:00:00Z"))).toBeUndefined(); // 14:00
    expect(quietUntil(night, at("2026-01-10T20:59:59Z"))).toBeUndefined(); // 22:59:59
    expect(quietUntil(null, at("2026-01-11T01:00:00Z"))).toBeUndefined();
    expect(quietUntil({ from: "07:00", to: "07:00" }, at("2026-01-11T05:00:00Z"))).toBeUndefined();
  });

  it("handles a window within one day", () => {
    const nap = { from: "13:30", to: "16:00" };
    expect(quietUntil(nap, at("2026-01-11T11:30:00Z"))?.toISOString()).toBe("2026-01-11T14:00:00.000Z");
    expect(quietUntil(nap, at("2026-01-11T11:29:00Z"))).toBeUndefined();
    expect(quietUntil(nap, at("2026-01-11T14:00:00Z"))).toBeUndefined();
  });

  it("ends at the wall clock's time across the night summer time starts or ends", () => {
    // 27 March 2026, 02:00 → 03:00. 23:30 on the 26th (UTC+2) → 07:00 on the 27th (UTC+3) = 04:00 UTC
    expect(quietUntil(night, at("2026-03-26T21:30:00Z"))?.toISOString()).toBe("2026-03-27T04:00:00.000Z");
    // 25 October 2026, 02:00 → 01:00. 23:30 on the 24th (UTC+3) → 07:00 on the 25th (UTC+2) = 05:00 UTC
    expect(quietUntil(night, at("2026-10-24T20:30:00Z"))?.toISOString()).toBe("2026-10-25T05:00:00.000Z");
  });
});
