import { describe, expect, it } from "vitest";
import { hasNextPage, pageItems, pageSize } from "./pager.ts";

describe("pageSize", () => {
  it("is 10 on medium screens and 12 otherwise", () => {
    expect(pageSize(true)).toBe(10);
    expect(pageSize(false)).toBe(12);
  });
});

describe("pageItems", () => {
  it("shows every page when there are few", () => {
    expect(pageItems(1, 1, true)).toEqual([1]);
    expect(pageItems(2, 4, true)).toEqual([1, 2, 3, 4]);
    expect(pageItems(1, 5, true)).toEqual([1, 2, "gap", 5]);
  });

  it("keeps the first, the last and the current page's neighbours", () => {
    expect(pageItems(10, 20, true)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageItems(20, 20, true)).toEqual([1, "gap", 19, 20]);
  });

  it("fills a gap of one page with that page", () => {
    expect(pageItems(4, 20, true)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
  });

  it("ends in a gap instead of a last page when the total is an estimate", () => {
    expect(pageItems(1, 9000, false)).toEqual([1, 2, "gap"]);
    expect(pageItems(5, 9000, false)).toEqual([1, "gap", 4, 5, 6, "gap"]);
  });

  it("shows the current page even past an estimated end", () => {
    expect(pageItems(12, 10, false)).toEqual([1, "gap", 11, 12, 13]);
  });
});

describe("hasNextPage", () => {
  it("follows the count when it is exact", () => {
    expect(hasNextPage(1, 3, true, 12, 12)).toBe(true);
    expect(hasNextPage(3, 3, true, 5, 12)).toBe(false);
  });

  it("follows a full page when the count is an estimate", () => {
    expect(hasNextPage(50, 10, false, 12, 12)).toBe(true);
    expect(hasNextPage(2, 10, false, 7, 12)).toBe(false);
  });
});
