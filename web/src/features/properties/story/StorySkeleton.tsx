import { Classes } from "@blueprintjs/core";

// The drawer while the story loads: the same blocks as the real one, as Blueprint skeletons, so
// nothing jumps when it arrives.

const block = (className: string) => <div className={`${Classes.SKELETON} ${className}`} />;

export function StorySkeleton() {
  return (
    <div className="story-body" aria-busy="true">
      <span className="story-visually-hidden">Loading the flat's story</span>
      {block("story-skeleton__photo")}
      <div className="story-head">
        {block("story-skeleton__price")}
        {block("story-skeleton__title")}
        {block("story-skeleton__line")}
      </div>
      <div className="story-facts">
        {[1, 2, 3, 4].map((i) => (
          <div key={i} className={`${Classes.SKELETON} story-skeleton__fact`} />
        ))}
      </div>
      <div className="story-section">
        {block("story-skeleton__line")}
        {block("story-skeleton__chart")}
      </div>
      <div className="story-section">
        {block("story-skeleton__line")}
        {block("story-skeleton__row")}
        {block("story-skeleton__row")}
      </div>
    </div>
  );
}
