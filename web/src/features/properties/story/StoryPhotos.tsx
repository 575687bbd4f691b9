import clsx from "clsx";
import { sourceText } from "../format.ts";
import { Gallery } from "../Gallery.tsx";
import styles from "./StoryPhotos.module.css";

// The drawer's photos: the cards' swipeable Gallery (its own placeholder when there are none), taller
// here, with the source named in the corner as on the card.

export function StoryPhotos({ images, source, label }: { images: string[]; source: string; label: string }) {
  return (
    <div className={clsx(styles.photos, !images.length && styles.empty)}>
      <Gallery images={images} label={label} />
      <span className={styles.source}>{sourceText(source)}</span>
    </div>
  );
}
