import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type Bounds,
  initialWatch,
  movedBeyond,
  type WatchState,
  watchBounds,
  watchStep,
} from "./boundsWatch.ts";

const TLV: Bounds = [34.75, 32.05, 34.8, 32.1];
const shift = (b: Bounds, d: number): Bounds => [b[0] + d, b[1], b[2] + d, b[3]];

describe("movedBeyond", () => {
  it("is true against no bounds, and only past 0.0005° on some edge", () => {
    expect(movedBeyond(null, TLV)).toBe(true);
    expect(movedBeyond(TLV, TLV)).toBe(false);
    expect(movedBeyond(TLV, shift(TLV, 0.00049))).toBe(false);
    expect(movedBeyond(TLV, shift(TLV, 0.0006))).toBe(true);
    expect(movedBeyond(TLV, [34.75, 32.05, 34.8, 32.1007])).toBe(true);
  });
});

/** Feeds polls of `reads` 100 ms apart from t = 0; returns the times and bounds that fired. */
function run(reads: (Bounds | null)[], settles: number[] = []) {
  let state: WatchState = initialWatch;
  const fired: [number, Bounds][] = [];
  reads.forEach((read, i) => {
    const step = watchStep(state, read, i * 100);
    state = step.state;
    if (step.fire) fired.push([i * 100, step.fire]);
    if (step.settled) settles.push(i * 100);
  });
  return fired;
}

describe("watchStep", () => {
  it("fires the first bounds at once, and nothing while the map has no size", () => {
    expect(run([null, null, TLV, TLV, TLV])).toEqual([[200, TLV]]);
  });

  it("fires 500 ms after the view stops, once, however long the drag", () => {
    const a = shift(TLV, 0.01);
    const b = shift(TLV, 0.02);
    const c = shift(TLV, 0.03);
    const reads = [TLV, a, b, c, c, c, c, c, c, c, c, c];
    // c was first read at 300 ms: it fires at the first poll 500 ms later, then never again.
    expect(run(reads)).toEqual([
      [0, TLV],
      [800, c],
    ]);
  });

  it("waits again when the view moves during the wait", () => {
    const a = shift(TLV, 0.01);
    const b = shift(TLV, 0.02);
    const reads = [TLV, a, a, a, a, b, b, b, b, b, b];
    expect(run(reads).map(([t]) => t)).toEqual([0, 1000]);
  });

  it("never fires for a move within 0.0005°, even after the wait, but says the view settled", () => {
    const nudge = shift(TLV, 0.0004);
    const settles: number[] = [];
    expect(run([TLV, nudge, nudge, nudge, nudge, nudge, nudge, nudge, nudge], settles)).toEqual([[0, TLV]]);
    expect(settles).toEqual([600]);
  });

  it("says the view settled once per move, in the poll that fires", () => {
    const a = shift(TLV, 0.01);
    const settles: number[] = [];
    expect(run([TLV, TLV, a, a, a, a, a, a, a, a, a], settles)).toEqual([
      [0, TLV],
      [700, a],
    ]);
    // Not for the first bounds: the map opened where it was told to be.
    expect(settles).toEqual([700]);
  });

  it("measures small moves from the last query, so they add up", () => {
    const n1 = shift(TLV, 0.0004);
    const n2 = shift(TLV, 0.0008);
    const reads = [TLV, ...Array(7).fill(n1), ...Array(7).fill(n2)];
    expect(run(reads)).toEqual([
      [0, TLV],
      [1300, n2],
    ]);
  });
});

describe("watchBounds", () => {
  afterEach(() => vi.useRealTimers());

  it("polls every 100 ms and stops when told", () => {
    vi.useFakeTimers();
    let now = 0;
    let view: Bounds = TLV;
    const read = vi.fn(() => view);
    const seen: Bounds[] = [];
    let settled = 0;
    const stop = watchBounds(
      read,
      { onBounds: (b) => seen.push(b), onSettled: () => settled++ },
      { now: () => now },
    );
    expect(seen).toEqual([TLV]);
    view = shift(TLV, 0.01);
    for (let i = 0; i < 7; i++) {
      now += 100;
      vi.advanceTimersByTime(100);
    }
    expect(seen).toEqual([TLV, view]);
    expect(settled).toBe(1);
    stop();
    const polls = read.mock.calls.length;
    vi.advanceTimersByTime(1000);
    expect(read.mock.calls.length).toBe(polls);
  });
});
