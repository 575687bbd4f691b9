import { describe, expect, it } from "vitest";
import { eachLimit } from "./pace.ts";

describe("bounded concurrency", () => {
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
