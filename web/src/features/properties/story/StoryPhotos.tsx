import { Gallery } from "../Gallery.tsx";
// The gallery's look lives with the cards; imported here too so the drawer stands on its own.
import "../properties.css";

// The drawer's photos: the cards' swipeable Gallery (its own placeholder when there are none), taller
// here, with the source named in the corner as on the card (the source name uppercased).

export function StoryPhotos({ images, source, label }: { images: string[]; source: string; label: string }) {
  return (
    <div className={`story-photos${images.length ? "" : " is-empty"}`}>
      <Gallery images={images} label={label} />
      <span className="story-photos__source">{source.toUpperCase()}</span>
    </div>
  );
}
