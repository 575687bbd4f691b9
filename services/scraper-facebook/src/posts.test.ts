import { describe, expect, it } from "vitest";
import type { RawPost } from "./group-reader.ts";
import { parsePost } from "./parser/index.ts";
import { toListingInput } from "./posts.ts";

const post = (text: string, postedAt: Date | undefined): RawPost => ({
  id: "p1",
  groupId: "g1",
  text,
  author: "Dana",
  postedAt,
  images: [],
});
/** The entry date the listings service gets for a post, read as the scraper reads it. */
const entryOf = (text: string, postedAt: Date | undefined) => {
  const raw = post(`להשכרה דירת 3 חדרים בפלורנטין, 6,500 ש"ח. ${text}`, postedAt);
  return toListingInput(raw, parsePost(raw.text, { postedAt: raw.postedAt }), "https://facebook.test")
    .entryDate;
};

describe("the entry date a listing gets from a post", () => {
  const october2021 = new Date("2021-10-01T08:00:00Z");

  it.each([
    ["כניסה ב-1.3", "2022-03-01"],
    ["מ-15/8", "2022-08-15"],
    ["כניסה מיידית", "immediate"],
    ["החל מאוגוסט", "2022-08-01"],
    ["כניסה בתחילת נובמבר", "2021-11-01"],
    ["סאבלט 25-30 לאוקטובר", "2021-10-25"],
  ])("%s (posted 1 October 2021) → %s", (text, value) => expect(entryOf(text, october2021)).toBe(value));

  it.each(["כניסה גמישה", "כניסה באמצע נובמבר", "חוזה עד אוגוסט", "מראים את הדירה ב-7/10"])(
    "%s → none",
    (text) => expect(entryOf(text, october2021)).toBeUndefined(),
  );

  it("reads a year-less date from the post's time, not the time of the run", () => {
    expect(entryOf("כניסה בינואר", october2021)).toBe("2022-01-01");
    expect(entryOf("כניסה בינואר", new Date("2026-11-15T08:00:00Z"))).toBe("2027-01-01");
  });
});
