// When the map asks the server for what is in view: the view's bounds are
// read every 100 ms; a query fires once they have stood still for 500 ms, and only when they moved
// more than 0.0005° from the bounds of the last query. A drag or a zoom animation therefore costs
// one request at its end, and a nudge of a few pixels none. The same poll says when the view has
// settled after any move (the map writes its position into the address then, in the same tick as
// the query, so the page renders once for both). The rule is a pure step so it can be tested with
// a clock; `watchBounds` is the timer around it.

/** [west, south, east, north] in degrees (lon/lat). */
export type Bounds = readonly [number, number, number, number];

export const BOUNDS_THRESHOLD_DEG = 0.0005;
export const BOUNDS_DEBOUNCE_MS = 500;
export const BOUNDS_POLL_MS = 100;

/** True when any edge moved more than `threshold` degrees (always true against no bounds). */
export function movedBeyond(from: Bounds | null, to: Bounds, threshold = BOUNDS_THRESHOLD_DEG): boolean {
  if (!from) return true;
  return to.some((edge, i) => Math.abs(edge - (from[i] as number)) > threshold);
}

export interface WatchState {
  /** What the last poll read, and when it last differed from the poll before. */
  seen: Bounds | null;
  changedAt: number;
  /** The bounds of the last query, null before the first. */
  fired: Bounds | null;
  /** Whether the view has been still for the wait since it last changed (and was said to be). */
  settled: boolean;
}

export const initialWatch: WatchState = { seen: null, changedAt: 0, fired: null, settled: true };

export interface WatchStep {
  state: WatchState;
  /** Bounds to query now, or null. */
  fire: Bounds | null;
  /** True once per move, when the view has been still for the wait. */
  settled: boolean;
}

const same = (a: Bounds | null, b: Bounds): boolean => a?.every((edge, i) => edge === b[i]) ?? false;

/**
 * One poll: `read` is the view's bounds now (null while the map has no size). The first bounds
 * fire at once (the map has just opened; there is nothing to wait for); later ones 500 ms after
 * the view last changed, when they are far enough from the last query's.
 */
export function watchStep(
  state: WatchState,
  read: Bounds | null,
  now: number,
  debounceMs = BOUNDS_DEBOUNCE_MS,
): WatchStep {
  const none = { state, fire: null, settled: false };
  if (!read) return none;
  if (!state.fired)
    return { state: { seen: read, changedAt: now, fired: read, settled: true }, fire: read, settled: false };
  if (!same(state.seen, read))
    return { ...none, state: { ...state, seen: read, changedAt: now, settled: false } };
  if (now - state.changedAt < debounceMs || state.settled) return none;
  const fire = movedBeyond(state.fired, read) ? read : null;
  return { state: { ...state, settled: true, fired: fire ?? state.fired }, fire, settled: true };
}

/**
 * Polls `read` every 100 ms and calls `onBounds` (a query) and `onSettled` (after any move) by the
 * rule above, in that order and in the same tick; returns the stop function.
 */
export function watchBounds(
  read: () => Bounds | null,
  on: { onBounds: (bounds: Bounds) => void; onSettled?: () => void },
  options: { pollMs?: number; debounceMs?: number; now?: () => number } = {},
): () => void {
  const now = options.now ?? (() => performance.now());
  let state = initialWatch;
  const poll = () => {
    const step = watchStep(state, read(), now(), options.debounceMs);
    state = step.state;
    if (step.fire) on.onBounds(step.fire);
    if (step.settled) on.onSettled?.();
  };
  poll();
  const timer = setInterval(poll, options.pollMs ?? BOUNDS_POLL_MS);
  return () => clearInterval(timer);
}
