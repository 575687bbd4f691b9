import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { adversarialPosts, hebrewWords, randomMix, triggerPosts } from "../../test/adversarial-posts.ts";
import { parseLabelled } from "./accuracy.ts";
import { parsePost } from "./index.ts";

/**
 * The parser runs on the scraper's event loop, and a post is whatever its author typed: one
 * pattern that backtracks super-linearly let a 63,000-character post stall the process for
 * seconds. These posts are built to make such a pattern work quadratically (or worse); each must
 * parse in time linear in its length. Time is the process's CPU time, not the wall clock, so a
 * machine busy with other work does not fail the test; a quadratic pattern on 200,000
 * characters takes tens of seconds, far over any bound here.
 */
const NOW = { postedAt: new Date("2026-11-15T10:00:00Z") };
const SIZE = 200_000;
/**
 * CPU time allowed per character: 1.5 s for 200,000. Generous, so a loaded machine passes too
 * (a Facebook post has at most 63,206 characters).
 */
const BUDGET_MS_PER_CHAR = 1_500 / 200_000;
/** An offer word first, so every extractor runs over what follows (not-offers stop after kind). */
const OFFER = "להשכרה\n";

function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The fastest of `tries` parses, so one garbage collection does not decide. */
function parseMs(text: string, tries = 1): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++)
    best = Math.min(
      best,
      cpuMs(() => parsePost(text, NOW)),
    );
  return best;
}

function withinBudget(text: string): void {
  const budget = text.length * BUDGET_MS_PER_CHAR;
  let ms = parseMs(text);
  // A second look before failing on a hiccup; a super-linear pattern is far over, not near.
  if (ms > budget && ms < 3 * budget) ms = parseMs(text, 2);
  expect(ms).toBeLessThan(budget);
}

describe("parsing time stays linear in the post's length", () => {
  it.each(Object.entries(adversarialPosts()))(`parses "%s" (${SIZE} characters) within budget`, (_, make) =>
    withinBudget(OFFER + make(SIZE)),
  );

  // Half the size keeps the run short: a quadratic pattern still takes seconds on these.
  it.each(Object.entries(triggerPosts()))(`parses "%s" (${SIZE / 2} characters) within budget`, (_, make) =>
    withinBudget(OFFER + make(SIZE / 2)),
  );

  it("takes about four times as long for four times the text, not sixteen", () => {
    const shapes: [string, (n: number) => string][] = [
      ["random mix", (n) => randomMix(n, 11)],
      ["Hebrew words", (n) => hebrewWords(n, 3)],
      ["digits and spaces", (n) => "0 ".repeat(n / 2)],
      ["phone numbers", (n) => "052-555-3101 ".repeat(Math.ceil(n / 13)).slice(0, n)],
    ];
    parsePost(OFFER + randomMix(SIZE / 4, 12), NOW); // compiled and warm before the first figure
    for (const [name, make] of shapes) {
      const small = parseMs(OFFER + make(SIZE / 4), 3);
      const large = parseMs(OFFER + make(SIZE), 3);
      // Linear gives ~4 and quadratic ~16; a factor of two of noise either way stays between.
      // The floor keeps timer noise on tiny figures out.
      expect(large / Math.max(small, 15), name).toBeLessThan(8);
    }
  });
});

describe("a long post is parsed whole, not cut", () => {
  const file = path.resolve(import.meta.dirname, "../../test/posts/labelled.jsonl");
  const labelled = parseLabelled(readFileSync(file, "utf8")).filter((p) => p.expected.kind !== "not_offer");

  it("reads the same fields from a post with 100,000 characters of blank lines after it", () => {
    for (const post of labelled.slice(0, 12)) {
      const postedAt = post.postedAt ? { postedAt: new Date(post.postedAt) } : NOW;
      const padded = `${post.text}\n${"\n \n".repeat(33_334)}`;
      expect(parsePost(padded, postedAt), post.id).toEqual(parsePost(post.text, postedAt));
    }
  });

  it("finds a phone number written after 150,000 characters of text", () => {
    const text = `להשכרה דירת 3 חדרים, 6,500 ש"ח\n${hebrewWords(150_000, 9)}\nלפרטים: 052-555-3101`;
    expect(parsePost(text, NOW).phone).toBe("0525553101");
  });
});
