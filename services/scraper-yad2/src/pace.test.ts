import { describe, expect, it } from "vitest";
import { backoff, eachLimit } from "./pace.ts";

describe("back-off and bounded concurrency", () => {
  it("doubles the pause after each failure, with jitter, up to the maximum", () => {
    for (let n = 1; n <= 6; n++) {
      const full = Math.min(10_000, 1000 * 2 ** (n - 1));
      const b = backoff(n, 1000, 10_000);
      expect(b).toBeGreaterThanOrEqual(full / 2);
      expect(b).toBeLessThanOrEqual(full);
    }
    expect(backoff(500, 1000, 10_000)).toBeLessThanOrEqual(10_000);
  });

  it("runs at most `limit` at once and stops taking work at the first failure it is given", async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const err = await eachLimit([1, 2, 3, 4, 5, 6, 7, 8], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (n === 4) throw new Error("blocked");
      done.push(n);
    }).catch((e: Error) => e.message);
    expect(err).toBe("blocked");
    expect(most).toBe(3);
    expect(done).not.toContain(8);
  });
});
