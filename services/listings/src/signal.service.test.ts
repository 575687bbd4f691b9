import { createLogger } from "@dirabot/platform";
import { describe, expect, it } from "vitest";
import type { MedianRow, SignalRepo } from "./signal.repo.ts";
import { PriceSignals } from "./signal.service.ts";

/** A stand-in for the table: what a refresh would compute is set by the test. */
class FakeRepo {
  table: MedianRow[] = [];
  computed: MedianRow[] = [];
  refreshes: (number[] | "all")[] = [];
  fail = false;
  async refresh(codes?: number[]) {
    this.refreshes.push(codes ?? "all");
    if (this.fail) throw new Error("database gone");
    const inScope = (r: MedianRow) => !codes || codes.includes(r.neighborhood_code);
    this.table = [...this.table.filter((r) => !inScope(r)), ...this.computed.filter(inScope)];
  }
  async medians(codes?: number[]) {
    return this.table.filter((r) => !codes || codes.includes(r.neighborhood_code));
  }
}

const row = (
  id: string,
  code: number | null,
  rooms: number | null,
  price: number | null,
  kind = "apartment",
) => ({
  id,
  neighborhood_code: code,
  rooms,
  price,
  kind,
});
const signals = (repo: FakeRepo, settleMs = 10_000) =>
  new PriceSignals(repo as unknown as SignalRepo, createLogger("silent"), { settleMs });

describe("price signals", () => {
  it("rounds the median to shekels and the ratio to 2 decimals; whole flats with a price, rooms and an area only", async () => {
    const repo = new FakeRepo();
    repo.table = [{ neighborhood_code: 205, rooms: 3, median_per_room: 2300.4 }];
    const s = signals(repo);
    const got = await s.of([
      row("a", 205, 3, 6300), // 2,100 a room: 0.9129 of the median
      row("b", 205, 3, 6901), // 2,300.33: 0.99999
      row("room", 205, 3, 6300, "room"),
      row("no-price", 205, 3, null),
      row("no-rooms", 205, null, 6300),
      row("no-area", null, 3, 6300),
      row("thin", 205, 4, 6300),
    ]);
    expect(Object.fromEntries([...got].map(([id, v]) => [id, [v.areaMedianPerRoom, v.ratio]]))).toEqual({
      a: [2300, 0.91],
      b: [2300, 1],
    });
    await s.stop();
  });

  it("recomputes and re-reads only the neighbourhoods an ingest touched", async () => {
    const repo = new FakeRepo();
    repo.table = [
      { neighborhood_code: 1, rooms: 2, median_per_room: 2000 },
      { neighborhood_code: 2, rooms: 2, median_per_room: 3000 },
    ];
    repo.computed = repo.table;
    const s = signals(repo);
    await s.of([]);
    await s.refreshAll(); // the one the first read started
    repo.computed = [
      { neighborhood_code: 1, rooms: 2, median_per_room: 2500 },
      { neighborhood_code: 2, rooms: 2, median_per_room: 9999 }, // not touched: not recomputed
    ];
    await s.refreshHoods([1]);
    expect(repo.refreshes.at(-1)).toEqual([1]);
    const got = await s.of([row("x", 1, 2, 5000), row("y", 2, 2, 6000)]);
    expect([got.get("x")?.ratio, got.get("y")?.ratio]).toEqual([1, 1]);
    await s.stop();
  });

  it("recomputes every area once, a settle time after removals, however many came", async () => {
    const repo = new FakeRepo();
    const s = signals(repo, 50);
    await s.of([]); // the first read starts a full refresh in the background
    await s.refreshAll();
    const before = repo.refreshes.length;
    s.changed();
    s.changed();
    s.changed();
    expect(repo.refreshes.length).toBe(before);
    await new Promise((r) => setTimeout(r, 200));
    expect(repo.refreshes.slice(before)).toEqual(["all"]);
    await s.stop();
  });

  it("logs a failed refresh instead of failing the write it follows, and keeps the medians it had", async () => {
    const repo = new FakeRepo();
    repo.table = [{ neighborhood_code: 7, rooms: 1, median_per_room: 4000 }];
    repo.computed = repo.table;
    const s = signals(repo);
    await s.of([]);
    await s.refreshAll();
    repo.fail = true;
    await expect(s.refreshHoods([7])).resolves.toBeUndefined();
    expect((await s.of([row("z", 7, 1, 4000)])).get("z")?.ratio).toBe(1);
    await s.stop();
  });
});
