import { Button, Drawer } from "@blueprintjs/core";
import { useEffect, useId, useState } from "react";
import { inlineEnd, useDirection } from "../../i18n/direction.ts";
import { useTranslation } from "../../i18n/index.ts";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import styles from "./StoryDrawer.module.css";
import { useAssetStory } from "./story/api.ts";
import { StoryBody } from "./story/StoryBody.tsx";
import { StoryError } from "./story/StoryError.tsx";
import { StorySkeleton } from "./story/StorySkeleton.tsx";

// A flat's story: opened from a card or the map popup with the listing's id, closed by
// the caller setting it back to null. A right-hand drawer on a desktop, a sheet from the bottom on
// a phone.

const PHONE = "(max-width: 600px)";

export interface StoryDrawerProps {
  assetId: string | null;
  onClose: () => void;
}

export function StoryDrawer({ assetId, onClose }: StoryDrawerProps) {
  const phone = useMediaQuery(PHONE);
  const dir = useDirection();
  const titleId = useId();
  const { t } = useTranslation("properties");
  // The last id stays shown while the drawer slides away, so it does not empty as it closes.
  const [shownId, setShownId] = useState(assetId);
  useEffect(() => {
    if (assetId !== null) setShownId(assetId);
  }, [assetId]);
  const id = assetId ?? shownId;
  const story = useAssetStory(id);

  return (
    <Drawer
      isOpen={assetId !== null}
      onClose={onClose}
      position={phone ? "bottom" : inlineEnd(dir)}
      size={phone ? "92%" : 480}
      className={styles.drawer}
      onClosed={() => setShownId(null)}
    >
      <div className={styles.frame} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className={styles.bar}>
          {phone ? <span className={styles.grip} aria-hidden="true" /> : null}
          <span className={styles.kicker} id={story.data ? undefined : titleId}>
            {t("story.kicker")}
          </span>
          <Button variant="minimal" icon="cross" aria-label={t("story.close")} onClick={onClose} />
        </div>
        <div className={styles.scroll} data-testid="story-scroll">
          {/* Data first: a failed background refetch keeps the story it already shows. */}
          {story.data ? (
            <StoryBody key={story.data._id} story={story.data} titleId={titleId} />
          ) : story.isError ? (
            <StoryError error={story.error} onRetry={() => void story.refetch()} />
          ) : (
            <StorySkeleton />
          )}
        </div>
      </div>
    </Drawer>
  );
}

export default StoryDrawer;
