import { describe, expect, it } from "vitest";
import type { User } from "../auth/index.ts";
import {
  notifyForm,
  notifyOf,
  QUIET_HOURS_ERRORS,
  quietHoursError,
  quietHoursSummary,
  sameNotify,
} from "./notify.ts";
import { testUser } from "./testUser.ts";

const user = (notify?: User["notify"]): User => testUser(notify ? { notify } : {});

describe("the Notifications card's rules", () => {
  it("start from the saved settings, the night as a new window", () => {
    expect(notifyForm(user())).toEqual({ telegramMatches: false, quiet: false, from: "23:00", to: "07:00" });
    expect(notifyForm(user({ telegramMatches: true, quietHours: { from: "13:30", to: "15:00" } }))).toEqual({
      telegramMatches: true,
      quiet: true,
      from: "13:30",
      to: "15:00",
    });
  });

  it("check the window only while quiet hours are on, with the server's messages", () => {
    const form = { telegramMatches: false, quiet: true, from: "23:00", to: "07:00" };
    expect(quietHoursError(form)).toBeUndefined();
    expect(quietHoursError({ ...form, from: "" })).toBe(QUIET_HOURS_ERRORS.from);
    expect(quietHoursError({ ...form, to: "7:00" })).toBe(QUIET_HOURS_ERRORS.to);
    expect(quietHoursError({ ...form, to: "23:00" })).toBe(QUIET_HOURS_ERRORS.same);
    expect(quietHoursError({ ...form, quiet: false, to: "23:00" })).toBeUndefined();
  });

  it("say what is saved, and whether it changed", () => {
    const off = { telegramMatches: true, quiet: false, from: "22:00", to: "06:00" };
    expect(notifyOf(off)).toEqual({ telegramMatches: true, quietHours: null });
    expect(notifyOf({ ...off, quiet: true })).toEqual({
      telegramMatches: true,
      quietHours: { from: "22:00", to: "06:00" },
    });
    expect(sameNotify(notifyOf(off), { telegramMatches: true, quietHours: null })).toBe(true);
    expect(sameNotify(notifyOf({ ...off, quiet: true }), { telegramMatches: true, quietHours: null })).toBe(
      false,
    );
  });

  it("describe a window, overnight or not", () => {
    expect(quietHoursSummary("23:00", "07:00")).toBe(
      "Matches found between 23:00 and 07:00 (overnight) are held and sent together at 07:00, Israel time.",
    );
    expect(quietHoursSummary("13:00", "16:00")).toBe(
      "Matches found between 13:00 and 16:00 are held and sent together at 16:00, Israel time.",
    );
  });
});
