import { useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./Gallery.module.css";
import { GalleryNav, NoPhotos, Slide } from "./GalleryParts.tsx";
import { SNAP_MS } from "./swipe.ts";
import { useGallerySwipe } from "./useGallerySwipe.ts";

// A card's photos: swiped with a finger or dragged with a
// mouse (pointer events), with arrows on hover and dots. The rules of a swipe are in swipe.ts.
// Only the photo in view and its neighbours are loaded; a photo that fails says 'Image not
// available'; a listing without photos gets a placeholder. Right to left the strip runs from the
// right (the first photo at the right, the next one coming in from the left), so a swipe's and
// the strip's directions are mirrored there.

interface Props {
  images: string[];
  /** What the photos show, for their alt text ('{label} (2 of 5)'). */
  label: string;
}

export function Gallery({ images, label }: Props) {
  const { i18n } = useTranslation("properties");
  /** +1 left to right, -1 right to left: screen pixels to the strip's own forward direction. */
  const forward = i18n.dir() === "rtl" ? -1 : 1;
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set([0]));
  const count = images.length;
  const show = (next: number) => {
    const to = Math.max(0, Math.min(count - 1, next));
    setIndex(to);
    setSeen((s) => new Set([...s, to - 1, to, to + 1]));
  };
  const { offset, handlers } = useGallerySwipe(index, count, forward, show);
  if (count === 0) return <NoPhotos />;

  return (
    <div
      className={styles.gallery}
      data-testid="gallery"
      // The next photo starts loading as soon as someone reaches for the gallery.
      onPointerEnter={() => setSeen((s) => (s.has(index + 1) ? s : new Set([...s, index + 1])))}
      {...handlers}
    >
      <div
        className={styles.strip}
        data-testid="gallery-strip"
        style={{
          transform: `translateX(calc(${-forward * index * 100}% + ${offset ?? 0}px))`,
          transition: offset !== null ? "none" : `transform ${SNAP_MS}ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
        }}
      >
        {images.map((src, i) => (
          <Slide
            // A listing may repeat a photo: its place is what tells two slides apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            key={`${i}:${src}`}
            src={src}
            at={i}
            count={count}
            label={label}
            current={i === index}
            load={seen.has(i)}
            failed={failed.has(i)}
            onError={() => setFailed((s) => new Set([...s, i]))}
          />
        ))}
      </div>
      {count > 1 ? <GalleryNav index={index} count={count} onStep={(by) => show(index + by)} /> : null}
    </div>
  );
}
