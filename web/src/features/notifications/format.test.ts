import { describe, expect, it } from "vitest";
import { timeAgo } from "./format.ts";

const NOW = Date.parse("2025-03-10T12:00:00Z");
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe("timeAgo", () => {
  it("reads recent times relatively", () => {
    expect(timeAgo(before(20_000), NOW)).toBe("just now");
    expect(timeAgo(before(5 * 60_000), NOW)).toBe("5 min ago");
    expect(timeAgo(before(3 * 3_600_000), NOW)).toBe("3 h ago");
    expect(timeAgo(before(26 * 3_600_000), NOW)).toBe("yesterday");
    expect(timeAgo(before(3 * 86_400_000), NOW)).toBe("3 days ago");
  });

  it("gives older ones a date, a clock ahead of the server 'just now', and nothing for no time", () => {
    expect(timeAgo("2025-01-02T10:00:00Z", NOW)).toBe("2.1.2025");
    expect(timeAgo(new Date(NOW + 5_000).toISOString(), NOW)).toBe("just now");
    expect(timeAgo(null, NOW)).toBe("");
    expect(timeAgo("garbage", NOW)).toBe("");
  });
});
