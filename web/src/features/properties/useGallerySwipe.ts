import { type PointerEvent, type MouseEvent as ReactMouseEvent, useRef, useState } from "react";
import { dragOffset, swipeTarget, TAP_SLOP } from "./swipe.ts";

// The gallery's pointer handling: a finger's swipe or a mouse's drag moves the strip, and on
// release turns to a neighbour or springs back (the rules are swipe.ts's).

/** A gesture in progress: where and when it began, and whether it turned into a sideways drag. */
interface Gesture {
  pointerId: number;
  x: number;
  y: number;
  at: number;
  width: number;
  sideways: boolean;
}

/**
 * `forward` is +1 left to right, -1 right to left (screen pixels to the strip's own direction);
 * the answer's `offset` is the strip's drag in px, null when no drag is on.
 */
export function useGallerySwipe(index: number, count: number, forward: number, show: (next: number) => void) {
  const [offset, setOffset] = useState<number | null>(null);
  const gesture = useRef<Gesture | null>(null);
  // A drag ends with a click on whatever is under the pointer; it must not open the card.
  const swallowClick = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || (event.pointerType === "mouse" && event.button !== 0)) return;
    const { pointerId, clientX: x, clientY: y, timeStamp: at } = event;
    gesture.current = { pointerId, x, y, at, width: event.currentTarget.clientWidth, sideways: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    const dx = event.clientX - g.x;
    const dy = event.clientY - g.y;
    if (!g.sideways) {
      // Mostly up or down: a scroll of the page, not ours (touch-action lets the browser have it).
      if (Math.abs(dy) > TAP_SLOP && Math.abs(dy) > Math.abs(dx)) {
        gesture.current = null;
        return;
      }
      if (Math.abs(dx) <= TAP_SLOP) return;
      g.sideways = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setOffset(forward * dragOffset(index, count, forward * dx));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g || g.pointerId !== event.pointerId || !g.sideways) return;
    swallowClick.current = true;
    const dx = forward * (event.clientX - g.x);
    show(swipeTarget(index, count, { dx, dt: event.timeStamp - g.at, width: g.width }));
    setOffset(null);
  };
  const onPointerCancel = () => {
    gesture.current = null;
    setOffset(null);
  };
  const onClickCapture = (event: ReactMouseEvent) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.stopPropagation();
    event.preventDefault();
  };
  return { offset, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClickCapture } };
}
