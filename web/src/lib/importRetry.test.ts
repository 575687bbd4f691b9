import { describe, expect, it } from "vitest";
import { importWithRetry } from "./importRetry.ts";

const failingTimes = (n: number) => {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      if (calls <= n) throw new TypeError("Failed to fetch dynamically imported module");
      return { ok: calls };
    },
    calls: () => calls,
  };
};

describe("code fetched on demand", () => {
  it("is asked for again after failed downloads, waiting longer each time up to 30 s", async () => {
    const waits: number[] = [];
    const module = failingTimes(7);
    const got = await importWithRetry(module.load, undefined, async (ms) => {
      waits.push(ms);
    });
    expect(got).toEqual({ ok: 8 });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("stops once it is no longer wanted", async () => {
    let wanted = true;
    const module = failingTimes(100);
    const got = await importWithRetry(
      module.load,
      () => wanted,
      async () => {
        if (module.calls() === 3) wanted = false;
      },
    );
    expect(got).toBeUndefined();
    expect(module.calls()).toBe(3);
  });
});
