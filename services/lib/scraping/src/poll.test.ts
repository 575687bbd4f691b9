import { createLogger } from "@dirabot/platform";
import { describe, expect, it, vi } from "vitest";
import { backoff, Poller } from "./poll.ts";

const log = createLogger("silent");
const until = (ok: () => boolean, timeout = 5000) =>
  vi.waitFor(() => expect(ok()).toBe(true), { timeout, interval: 5 });

describe("the polling loop", () => {
  it("doubles the pause after each failure, with jitter, up to the maximum", () => {
    for (let n = 1; n <= 6; n++) {
      const full = Math.min(10_000, 1000 * 2 ** (n - 1));
      const b = backoff(n, 1000, 10_000);
      expect(b).toBeGreaterThanOrEqual(full / 2);
      expect(b).toBeLessThanOrEqual(full);
    }
    expect(backoff(500, 1000, 10_000)).toBeLessThanOrEqual(10_000);
  });

  it("runs at once, then once per interval within its jitter", async () => {
    const at: number[] = [];
    const waits: number[] = [];
    const p = new Poller({
      name: "test",
      step: async () => void at.push(Date.now()),
      intervalMs: 100,
      jitter: 0.1,
      backoff: { baseMs: 1000, maxMs: 1000 },
      onNext: async (next) => void waits.push(next.getTime() - Date.now()),
      log,
    });
    const t0 = Date.now();
    p.start();
    await until(() => at.length >= 3);
    await p.stop();
    expect((at[0] as number) - t0).toBeLessThan(50);
    for (const w of waits) {
      expect(w).toBeGreaterThanOrEqual(85);
      expect(w).toBeLessThanOrEqual(111);
    }
  });

  it("waits what a round asks, never less than the shortest wait", async () => {
    const waits: number[] = [];
    const asked = [5000, 1, 30];
    const p = new Poller({
      name: "test",
      step: async () => asked.shift() ?? 60_000,
      intervalMs: 60_000,
      minWaitMs: 20,
      backoff: { baseMs: 1000, maxMs: 1000 },
      onNext: async (next) => {
        waits.push(next.getTime() - Date.now());
        if (waits.length === 1) p.runNow(); // the 5 s wait is cut short
      },
      log,
    });
    p.start();
    await until(() => waits.length >= 3);
    await p.stop();
    expect(waits[0]).toBeGreaterThan(4900);
    expect(waits[1]).toBeGreaterThanOrEqual(19);
    expect(waits[1]).toBeLessThanOrEqual(20);
    expect(waits[2]).toBeGreaterThanOrEqual(29);
  });

  it("backs off after failed rounds, doubling up to the cap, and starts over after a success", async () => {
    const waits: number[] = [];
    let round = 0;
    const p = new Poller({
      name: "test",
      step: async () => {
        round++;
        if (round <= 4 || round === 6) throw new Error("down");
        return 1;
      },
      intervalMs: 60_000,
      backoff: { baseMs: 8, maxMs: 32 },
      onNext: async (next) => void waits.push(next.getTime() - Date.now()),
      log,
    });
    p.start();
    await until(() => waits.length >= 6);
    await p.stop();
    const caps = [8, 16, 32, 32, 1, 8];
    caps.forEach((cap, i) => {
      expect(waits[i]).toBeLessThanOrEqual(cap);
      if (cap > 1) expect(waits[i]).toBeGreaterThanOrEqual(cap / 2 - 1);
    });
  });

  it("runs again at once when asked during a round, and stop aborts the round in flight", async () => {
    let rounds = 0;
    let aborted = false;
    const p = new Poller({
      name: "test",
      step: async (signal) => {
        rounds++;
        if (rounds === 1) {
          p.runNow();
          return;
        }
        await new Promise<void>((resolve) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          }),
        );
      },
      intervalMs: 60_000,
      backoff: { baseMs: 1000, maxMs: 1000 },
      log,
    });
    p.start();
    await until(() => rounds === 2);
    const t0 = Date.now();
    await p.stop();
    expect(aborted).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(rounds).toBe(2);
  });
});
