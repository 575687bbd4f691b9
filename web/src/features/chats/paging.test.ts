import { describe, expect, it } from "vitest";
import { hasMoreAfter, keptScrollTop, mayLoadOlder, nearBottom, nearTop } from "./paging.ts";

describe("message paging", () => {
  const base = { scrollTop: 40, hasMore: true, loading: false, now: 10_000, lastLoadAt: 0 };

  it("loads older messages within 100 px of the top", () => {
    expect(nearTop(100)).toBe(true);
    expect(nearTop(101)).toBe(false);
    expect(mayLoadOlder(base)).toBe(true);
    expect(mayLoadOlder({ ...base, scrollTop: 300 })).toBe(false);
  });

  it("loads at most once a second, one at a time, and not past the oldest page", () => {
    expect(mayLoadOlder({ ...base, lastLoadAt: 9_500 })).toBe(false);
    expect(mayLoadOlder({ ...base, lastLoadAt: 9_000 })).toBe(true);
    expect(mayLoadOlder({ ...base, loading: true })).toBe(false);
    expect(mayLoadOlder({ ...base, hasMore: false })).toBe(false);
  });

  it("ends paging with a page shorter than 20", () => {
    expect(hasMoreAfter(20)).toBe(true);
    expect(hasMoreAfter(19)).toBe(false);
    expect(hasMoreAfter(20, false)).toBe(false);
  });

  it("keeps the same message in view after older ones are put above", () => {
    expect(keptScrollTop({ scrollHeight: 1000, scrollTop: 30 }, 1800)).toBe(830);
  });

  it("counts 100 px from the bottom as at the bottom", () => {
    expect(nearBottom({ scrollHeight: 1000, scrollTop: 400, clientHeight: 500 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, scrollTop: 399, clientHeight: 500 })).toBe(false);
  });
});
