// The gallery's gesture rules: a drag past 20 % of the width turns the page,
// so does a flick faster than 300 px/s that lasts at most 300 ms; anything else springs back
// (the spring takes 300 ms, in CSS).

export const SWIPE_SHARE = 0.2;
export const FLICK_SPEED = 300; // px per second
export const FLICK_TIME = 300; // ms
export const SNAP_MS = 300;
/** Movement under this many pixels is a tap (the card opens), not a drag. */
export const TAP_SLOP = 6;

export interface Swipe {
  /** Horizontal distance moved, positive to the right. */
  dx: number;
  /** How long the finger was down, in ms. */
  dt: number;
  /** The gallery's width in px. */
  width: number;
}

/** The photo to show after a swipe ends: the neighbour it turned to, or the same one. */
export function swipeTarget(index: number, count: number, { dx, dt, width }: Swipe): number {
  if (count <= 1 || width <= 0) return index;
  const far = Math.abs(dx) > width * SWIPE_SHARE;
  const flick =
    dt > 0 && dt <= FLICK_TIME && (Math.abs(dx) / dt) * 1000 > FLICK_SPEED && Math.abs(dx) >= TAP_SLOP;
  if (!far && !flick) return index;
  // Dragging to the left brings the next photo in.
  const next = dx < 0 ? index + 1 : index - 1;
  return Math.min(count - 1, Math.max(0, next));
}

/**
 * How far the strip follows the finger: one to one, except past the first or the last photo,
 * where it gives a third of the way (a rubber band that says "nothing more this way").
 */
export function dragOffset(index: number, count: number, dx: number): number {
  const pastStart = index === 0 && dx > 0;
  const pastEnd = index >= count - 1 && dx < 0;
  return pastStart || pastEnd ? dx / 3 : dx;
}
