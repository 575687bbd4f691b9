// When the map asks the server for what is in view: the map says when a move (a drag, a zoom
// animation, a resize) ends; a query fires once the view has then stood still for 500 ms, and
// only when it moved more than 0.0005° from the bounds of the last query. A drag therefore costs
// one request at its end, and a nudge of a few pixels none. The same wait says when the view has
// settled after any move (the map writes its position into the address then, in the same tick as
// the query, so the page renders once for both). Nothing runs while the map is still: no timer
// polls the view, which a phone's battery would pay for as long as the map is open.

/** [west, south, east, north] in degrees (lon/lat). */
export type Bounds = readonly [number, number, number, number];

export const BOUNDS_THRESHOLD_DEG = 0.0005;
export const BOUNDS_DEBOUNCE_MS = 500;

/** True when any edge moved more than `threshold` degrees (always true against no bounds). */
export function movedBeyond(from: Bounds | null, to: Bounds, threshold = BOUNDS_THRESHOLD_DEG): boolean {
  if (!from) return true;
  return to.some((edge, i) => Math.abs(edge - (from[i] as number)) > threshold);
}

/** The map's moves: `start` when the view begins to change, `end` when it stopped (OpenLayers' movestart / moveend). */
export interface Moves {
  start: () => void;
  end: () => void;
}

/**
 * Calls `onBounds` (a query) and `onSettled` (after any move) by the rule above, in that order and
 * in the same tick. `subscribe` wires the map's move events and returns their unwiring. The first
 * bounds fire at once (the map has just opened: there is nothing to wait for) and are not a move.
 * Returns the stop function.
 */
export function watchBounds(
  read: () => Bounds | null,
  on: { onBounds: (bounds: Bounds) => void; onSettled?: () => void },
  subscribe: (moves: Moves) => () => void,
  options: { debounceMs?: number } = {},
): () => void {
  let fired: Bounds | null = null;
  let wait: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    wait = undefined;
    const bounds = read();
    if (!bounds) return;
    if (movedBeyond(fired, bounds)) {
      fired = bounds;
      on.onBounds(bounds);
    }
    on.onSettled?.();
  };
  const first = () => {
    const bounds = read();
    if (!bounds) return false;
    fired = bounds;
    on.onBounds(bounds);
    return true;
  };
  const unsubscribe = subscribe({
    start: () => clearTimeout(wait),
    end: () => {
      if (!fired && first()) return;
      clearTimeout(wait);
      wait = setTimeout(settle, options.debounceMs ?? BOUNDS_DEBOUNCE_MS);
    },
  });
  first();
  return () => {
    clearTimeout(wait);
    unsubscribe();
  };
}
