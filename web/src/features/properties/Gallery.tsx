import { Icon } from "@blueprintjs/core";
import clsx from "clsx";
import { type PointerEvent, type MouseEvent as ReactMouseEvent, useRef, useState } from "react";
import { useDirection } from "../../i18n/direction.ts";
import styles from "./Gallery.module.css";
import { dragOffset, SNAP_MS, swipeTarget, TAP_SLOP } from "./swipe.ts";

// A card's photos: swiped with a finger or dragged with a
// mouse (pointer events), with arrows on hover and dots. The rules of a swipe are in swipe.ts.
// Only the photo in view and its neighbours are loaded; a photo that fails says 'Image not
// available'; a listing without photos gets a placeholder.

interface Props {
  images: string[];
  /** What the photos show, for their alt text ('{label} (2 of 5)'). */
  label: string;
}

/** A gesture in progress: where and when it began, and whether it turned into a sideways drag. */
interface Gesture {
  pointerId: number;
  x: number;
  y: number;
  at: number;
  width: number;
  sideways: boolean;
}

const MAX_DOTS = 5;

export function Gallery({ images, label }: Props) {
  const [index, setIndex] = useState(0);
  const [offset, setOffset] = useState<number | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set([0]));
  const gesture = useRef<Gesture | null>(null);
  // A drag ends with a click on whatever is under the pointer; it must not open the card.
  const swallowClick = useRef(false);
  const count = images.length;
  // Right to left the photos follow each other leftwards: a drag and the strip mirror.
  const flip = useDirection() === "rtl" ? -1 : 1;

  if (count === 0)
    return (
      <div className={clsx(styles.gallery, styles.empty)} data-testid="gallery">
        <Icon icon="media" size={32} />
        <span>No photos</span>
      </div>
    );

  const show = (next: number) => {
    const to = Math.max(0, Math.min(count - 1, next));
    setIndex(to);
    setSeen((s) => new Set([...s, to - 1, to, to + 1]));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || (event.pointerType === "mouse" && event.button !== 0)) return;
    gesture.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      at: event.timeStamp,
      width: event.currentTarget.clientWidth,
      sideways: false,
    };
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
    setOffset(dragOffset(index, count, dx * flip));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g || g.pointerId !== event.pointerId || !g.sideways) return;
    swallowClick.current = true;
    show(
      swipeTarget(index, count, {
        dx: (event.clientX - g.x) * flip,
        dt: event.timeStamp - g.at,
        width: g.width,
      }),
    );
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
  const step = (event: ReactMouseEvent, by: number) => {
    event.stopPropagation();
    show(index + by);
  };

  const dragging = offset !== null;
  const first = count <= MAX_DOTS ? 0 : Math.max(0, Math.min(count - MAX_DOTS, index - 2));
  const dots = Array.from({ length: Math.min(count, MAX_DOTS) }, (_, i) => first + i);

  return (
    <div
      className={styles.gallery}
      data-testid="gallery"
      // The next photo starts loading as soon as someone reaches for the gallery.
      onPointerEnter={() => setSeen((s) => (s.has(index + 1) ? s : new Set([...s, index + 1])))}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onClickCapture={onClickCapture}
    >
      <div
        className={styles.strip}
        data-testid="gallery-strip"
        style={{
          transform: `translateX(calc(${-index * 100 * flip}% + ${(offset ?? 0) * flip}px))`,
          transition: dragging ? "none" : `transform ${SNAP_MS}ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
        }}
      >
        {images.map((src, i) => (
          // A listing may repeat a photo: its place is what tells two slides apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <div className={styles.slide} key={`${i}:${src}`} aria-hidden={i !== index}>
            {failed.has(i) ? (
              <div className={styles.failed}>
                <Icon icon="media" size={28} />
                <span>Image not available</span>
              </div>
            ) : seen.has(i) ? (
              <img
                src={src}
                alt={`${label} (${i + 1} of ${count})`}
                draggable={false}
                loading={i === 0 ? "lazy" : "eager"}
                referrerPolicy="no-referrer"
                onError={() => setFailed((s) => new Set([...s, i]))}
              />
            ) : null}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          {index > 0 ? (
            <button
              type="button"
              className={clsx(styles.arrow, styles.prev)}
              aria-label="Previous photo"
              onClick={(e) => step(e, -1)}
            >
              <Icon icon="chevron-left" size={18} />
            </button>
          ) : null}
          {index < count - 1 ? (
            <button
              type="button"
              className={clsx(styles.arrow, styles.next)}
              aria-label="Next photo"
              onClick={(e) => step(e, 1)}
            >
              <Icon icon="chevron-right" size={18} />
            </button>
          ) : null}
          <div className={styles.dots} aria-hidden="true">
            {dots.map((i) => (
              <span
                key={i}
                className={clsx(
                  styles.dot,
                  i === index && styles.active,
                  count > MAX_DOTS &&
                    (i === first || i === first + MAX_DOTS - 1) &&
                    i !== 0 &&
                    i !== count - 1 &&
                    styles.edge,
                )}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
