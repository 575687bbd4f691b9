import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Bounds, type Moves, movedBeyond, watchBounds } from "./boundsWatch.ts";

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

/** A map standing in for OpenLayers': its view's bounds, and its move events on demand. */
function fakeMap(initial: Bounds | null) {
  const map = { view: initial, moves: undefined as Moves | undefined, unsubscribed: false };
  const fired: [number, Bounds][] = [];
  const settles: number[] = [];
  const started = Date.now();
  const stop = watchBounds(
    () => map.view,
    {
      onBounds: (b) => fired.push([Date.now() - started, b]),
      onSettled: () => settles.push(Date.now() - started),
    },
    (moves) => {
      map.moves = moves;
      return () => {
        map.unsubscribed = true;
      };
    },
  );
  /** The view moves to `to` over `ms`, then the map says the move ended. */
  const move = (to: Bounds, ms = 0) => {
    map.moves?.start();
    vi.advanceTimersByTime(ms);
    map.view = to;
    map.moves?.end();
  };
  return { map, fired, settles, stop, move };
}

describe("watchBounds", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fires the first bounds at once, or at the first move end once the map has a size", () => {
    expect(fakeMap(TLV).fired).toEqual([[0, TLV]]);
    const sized = fakeMap(null);
    expect(sized.fired).toEqual([]);
    vi.advanceTimersByTime(200);
    sized.move(TLV);
    expect(sized.fired).toEqual([[200, TLV]]);
    expect(sized.settles).toEqual([]); // the map opened where it was told to be: not a move
  });

  it("fires 500 ms after a move ends, once, however long the drag, and says the view settled", () => {
    const m = fakeMap(TLV);
    const c = shift(TLV, 0.03);
    m.move(c, 300);
    vi.advanceTimersByTime(2000);
    expect(m.fired).toEqual([
      [0, TLV],
      [800, c],
    ]);
    expect(m.settles).toEqual([800]);
  });

  it("waits again when the view moves during the wait", () => {
    const m = fakeMap(TLV);
    m.move(shift(TLV, 0.01));
    vi.advanceTimersByTime(400);
    m.move(shift(TLV, 0.02), 100);
    vi.advanceTimersByTime(2000);
    expect(m.fired.map(([t]) => t)).toEqual([0, 1000]);
  });

  it("never fires for a move within 0.0005°, but says the view settled", () => {
    const m = fakeMap(TLV);
    m.move(shift(TLV, 0.0004), 100);
    vi.advanceTimersByTime(1000);
    expect(m.fired).toEqual([[0, TLV]]);
    expect(m.settles).toEqual([600]);
  });

  it("measures small moves from the last query, so they add up", () => {
    const m = fakeMap(TLV);
    m.move(shift(TLV, 0.0004));
    vi.advanceTimersByTime(700);
    const n2 = shift(TLV, 0.0008);
    m.move(n2);
    vi.advanceTimersByTime(700);
    expect(m.fired).toEqual([
      [0, TLV],
      [1200, n2],
    ]);
  });

  it("runs no timer while the map is still, and lets go of the map when stopped", () => {
    const m = fakeMap(TLV);
    expect(vi.getTimerCount()).toBe(0);
    m.move(shift(TLV, 0.01));
    m.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(m.map.unsubscribed).toBe(true);
  });
});
