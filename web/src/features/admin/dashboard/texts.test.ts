import { expect, it } from "vitest";
import { checkedTime, formatCount, newSubtitle, STATS_FAILED, statsError, usersSubtitle } from "./texts.ts";

it("the users card says how many are banned and how many joined today", () => {
  expect(usersSubtitle(3, 2)).toBe("3 banned · 2 new today");
  expect(usersSubtitle(0, 0)).toBe("0 banned · 0 new today");
});

it("the bots and assets cards say how many are new in the last day, with thousands separated", () => {
  expect(newSubtitle(5)).toBe("5 new in the last day");
  expect(newSubtitle(1234)).toBe("1,234 new in the last day");
  expect(formatCount(1234567)).toBe("1,234,567");
});

it("a failed count shows the call's message, else the fixed fallback", () => {
  expect(statsError(new Error("Admins only"))).toBe("Admins only");
  expect(statsError(new Error(""))).toBe(STATS_FAILED);
  expect(statsError("boom")).toBe("Failed to fetch dashboard stats");
});

it("the check time is a 24-hour clock", () => {
  expect(checkedTime(new Date(2026, 10, 25, 21, 7, 3))).toBe("21:07:03");
});
