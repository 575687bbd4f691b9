import { describe, expect, it } from "vitest";
import { hourBars, roundTop, timelineSegments } from "./geometry.ts";
import { delay, period } from "./texts.ts";

const HOUR = 3_600_000;
const now = Date.parse("2026-11-25T12:30:00Z");
const hour = (i: number) => new Date(Date.parse("2026-11-24T13:00:00Z") + i * HOUR).toISOString();

describe("the freshness bars", () => {
  const quiet = Array.from({ length: 24 }, (_, i) => ({
    hour: hour(i),
    count: 0,
    medianSeconds: null,
    p95Seconds: null,
  }));

  it("share a round top above the largest p95 and draw nothing for a quiet hour", () => {
    const hourly = quiet.map((h, i) =>
      i === 23
        ? { ...h, count: 3, medianSeconds: 420, p95Seconds: 700 }
        : i === 10
          ? { ...h, count: 1, medianSeconds: 90, p95Seconds: 90 }
          : h,
    );
    const { bars, top } = hourBars(hourly, 480, 100);
    expect(top).toBe(1200);
    expect(bars).toHaveLength(24);
    expect(bars[0]).toMatchObject({ x: 1, width: 18, height: 0, p95Y: null, count: 0 });
    expect(bars[23]).toMatchObject({ x: 461, y: 65, height: 35, median: 420, p95: 700 });
    expect(bars[23]?.p95Y).toBeCloseTo(41.67, 1);
    expect(bars[10]?.height).toBeCloseTo(7.5);
    expect(bars[23]?.at).toBe(Date.parse(hour(23)));
  });

  it("keep a minute as the smallest top and a sliver for a near-zero delay", () => {
    expect(roundTop(0)).toBe(60);
    expect(roundTop(61)).toBe(120);
    expect(roundTop(573)).toBe(600);
    expect(roundTop(4000)).toBe(7200);
    expect(roundTop(100_000)).toBe(172_800);
    const { bars, top } = hourBars([{ hour: hour(0), count: 2, medianSeconds: 0, p95Seconds: 0.5 }], 20, 50);
    expect(top).toBe(60);
    expect(bars[0]).toMatchObject({ y: 48, height: 2 });
  });
});

describe("the blocked timeline", () => {
  it("places periods on the last 24 hours, clipping an older start and running an open one to now", () => {
    const segments = timelineSegments(
      [
        { from: "2026-11-24T06:00:00Z", to: "2026-11-24T18:30:00Z", reason: "blocked by Yad2: captcha" },
        { from: "2026-11-25T06:30:00Z", to: "2026-11-25T06:31:00Z", reason: "blocked by Yad2: 403" },
        { from: "2026-11-25T11:30:00Z", to: null, reason: "Facebook asked to log in" },
        { from: "2026-11-23T01:00:00Z", to: "2026-11-23T02:00:00Z", reason: "long gone" },
      ],
      now,
    );
    expect(segments.map((s) => s.reason)).toEqual([
      "blocked by Yad2: captcha",
      "blocked by Yad2: 403",
      "Facebook asked to log in",
    ]);
    expect(segments[0]).toMatchObject({ left: 0, width: 25 });
    expect(segments[1]?.left).toBe(75);
    expect(segments[1]?.width).toBe(0.6); // a minute is still a visible mark
    expect(segments[2]?.left).toBeCloseTo(95.83, 1);
    expect(segments[2]?.width).toBeCloseTo(4.17, 1);
  });
});

describe("the panel's words", () => {
  it("says delays as people do", () => {
    expect(delay(null)).toBe("—");
    expect(delay(42.4)).toBe("42 s");
    expect(delay(420)).toBe("7 min");
    expect(delay(432)).toBe("7 min 12 s");
    expect(delay(3900)).toBe("1 h 5 min");
    expect(delay(7200)).toBe("2 h");
    expect(delay(3 * 86_400)).toBe("3 d");
  });

  it("tells periods on a clock", () => {
    const [from, to] = [Date.parse("2026-11-25T06:30:00Z"), Date.parse("2026-11-25T06:45:00Z")];
    expect(period(from, to, "Asia/Jerusalem")).toBe("08:30 – 08:45");
    expect(period(from, null, "UTC")).toBe("06:30 – now");
  });
});
